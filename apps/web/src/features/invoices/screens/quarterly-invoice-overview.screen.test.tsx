import { amsterdamDay } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { PHONE_QUERY } from '../../../ui/responsive';
import { axeViolations, createTestQuarterRow } from '../test-factories';

const MODULES = ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'INVOICE'] as const;
const THIS_YEAR = Number(amsterdamDay(new Date()).slice(0, 4));

/**
 * Q1 three invoices at 0%, 9% and 21%; Q2 a credit invoice at 21%; Q3 and Q4 nothing. In 2018 (before
 * 6 % became 9 %) Q3 has an invoice at 6 %.
 */
function overview(year: number) {
  if (year === 2018) {
    const q3 = createTestQuarterRow({
      year,
      quarter: 3,
      invoices: 1,
      exc_6: 200,
      vat_6: 12,
      exc: 200,
      vat: 12,
      inc: 212,
    });
    return {
      year,
      quarters: [1, 2, 4].map((quarter) => createTestQuarterRow({ year, quarter })).toSpliced(2, 0, q3),
      total: { ...q3, quarter: 4 },
    };
  }
  const q1 = createTestQuarterRow({
    year,
    quarter: 1,
    invoices: 3,
    exc_0: 100,
    exc_9: 1000,
    exc_21: 2000,
    vat_9: 90,
    vat_21: 420,
    exc: 3100,
    vat: 510,
    inc: 3610,
  });
  const q2 = createTestQuarterRow({
    year,
    quarter: 2,
    invoices: 1,
    exc_21: -500,
    vat_21: -105,
    exc: -500,
    vat: -105,
    inc: -605,
  });
  return {
    year,
    quarters: [
      q1,
      q2,
      createTestQuarterRow({ year, quarter: 3 }),
      createTestQuarterRow({ year, quarter: 4 }),
    ],
    total: createTestQuarterRow({
      year,
      quarter: 4,
      invoices: 4,
      exc_0: 100,
      exc_9: 1000,
      exc_21: 1500,
      vat_9: 90,
      vat_21: 315,
      exc: 2600,
      vat: 405,
      inc: 3005,
    }),
  };
}

function setup(path = '/invoice_overview_quarterly') {
  setToken('t');
  return {
    ...mockServer({
      session: createTestSession({ modules: [...MODULES] }),
      routes: {
        'GET /api/invoice/quarterly': (call) => ({
          body: overview(Number(new URL(call.url, 'http://x').searchParams.get('year'))),
        }),
        'GET /api/invoice/quarterly/export': () => ({ body: 'Jaar;Kwartaal' }),
      },
    }),
    ...renderApp(path),
  };
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent?.replace(/\s+/g, ' '));

describe('quarterly invoice overview', () => {
  beforeAll(() => {
    // jsdom has no object URLs; the download helper makes one for the file.
    Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} });
  });

  it('shows net turnover and VAT per rate per quarter and the totals of the current year', async () => {
    const { calls } = setup();
    expect(await screen.findByRole('heading', { name: 'Kwartaaloverzicht facturen' })).toBeTruthy();
    expect(
      screen.getByText(/^Alle facturen en creditfacturen die in het kwartaal zijn verstuurd/),
    ).toBeTruthy();
    await screen.findByText('Totaal');
    expect(calls.find((c) => c.url.startsWith('/api/invoice/quarterly'))?.url).toBe(
      `/api/invoice/quarterly?year=${THIS_YEAR}`,
    );
    expect((screen.getByRole('combobox', { name: 'Jaar' }) as HTMLInputElement).value).toBe(
      String(THIS_YEAR),
    );

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Kwartaal',
      'Facturen',
      'Omzet 0%',
      'Omzet 9%',
      'Omzet 21%',
      'Btw 9%',
      'Btw 21%',
      'Totaal excl. btw',
      'Totaal btw',
      'Totaal incl. btw',
    ]);
    const rows = within(table).getAllByRole('row').slice(1).map(cellTexts);
    expect(rows).toEqual([
      [
        `Q101-01-${THIS_YEAR} t/m 31-03-${THIS_YEAR}`,
        '3',
        '€ 100,00',
        '€ 1.000,00',
        '€ 2.000,00',
        '€ 90,00',
        '€ 420,00',
        '€ 3.100,00',
        '€ 510,00',
        '€ 3.610,00',
      ],
      [
        `Q201-04-${THIS_YEAR} t/m 30-06-${THIS_YEAR}`,
        '1',
        '€ 0,00',
        '€ 0,00',
        '€ -500,00',
        '€ 0,00',
        '€ -105,00',
        '€ -500,00',
        '€ -105,00',
        '€ -605,00',
      ],
      [`Q301-07-${THIS_YEAR} t/m 30-09-${THIS_YEAR}`, '0', ...Array(8).fill('€ 0,00')],
      [`Q401-10-${THIS_YEAR} t/m 31-12-${THIS_YEAR}`, '0', ...Array(8).fill('€ 0,00')],
      [
        'Totaal',
        '4',
        '€ 100,00',
        '€ 1.000,00',
        '€ 1.500,00',
        '€ 90,00',
        '€ 315,00',
        '€ 2.600,00',
        '€ 405,00',
        '€ 3.005,00',
      ],
    ]);
    // Money sits right-aligned.
    const vat21 = within(table).getAllByRole('row')[1]!.querySelectorAll('td')[6]!;
    expect(vat21.className).toContain('mantine-datatable-text-align-right');
  });

  it('changes the year: six years to choose from, kept in the address, fetched again', async () => {
    const { calls, router } = setup();
    await screen.findByText('Totaal');
    fireEvent.click(screen.getByRole('combobox', { name: 'Jaar' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([0, 1, 2, 3, 4, 5].map((back) => String(THIS_YEAR - back)));
    fireEvent.click(screen.getByRole('option', { name: String(THIS_YEAR - 2) }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe(`/api/invoice/quarterly?year=${THIS_YEAR - 2}`));
    expect(router.state.location.search).toBe(`?year=${THIS_YEAR - 2}`);
    expect(await screen.findByText(`01-01-${THIS_YEAR - 2} t/m 31-03-${THIS_YEAR - 2}`)).toBeTruthy();
  });

  it('opens the year of the address', async () => {
    const { calls } = setup('/invoice_overview_quarterly?year=2019');
    await screen.findByText('Totaal');
    expect(calls.find((c) => c.url.startsWith('/api/invoice/quarterly'))?.url).toBe(
      '/api/invoice/quarterly?year=2019',
    );
    expect((screen.getByRole('combobox', { name: 'Jaar' }) as HTMLInputElement).value).toBe('2019');
  });

  it('shows the 6 % columns for a year that has 6 % amounts', async () => {
    setup('/invoice_overview_quarterly?year=2018');
    await screen.findByText('Totaal');
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Omzet 6%');
    expect(headers).toContain('Btw 6%');
    const q3 = cellTexts(within(table).getAllByRole('row')[3]!);
    expect(q3[headers.indexOf('Omzet 6%')]).toBe('€ 200,00');
    expect(q3[headers.indexOf('Btw 6%')]).toBe('€ 12,00');
  });

  it('downloads the year as CSV and as Excel', async () => {
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { calls } = setup('/invoice_overview_quarterly?year=2025');
    await screen.findByText('Totaal');

    fireEvent.click(screen.getByRole('button', { name: 'Exporteren als CSV' }));
    // The export is a fetched blob; under a loaded test run it may take longer than waitFor's default.
    await waitFor(() => expect(downloads).toEqual(['btw-overzicht-2025.csv']), { timeout: 5000 });
    // The other export button stays disabled until the first export has finished, after its download.
    const excel = screen.getByRole('button', { name: 'Exporteren als Excel' });
    await waitFor(() => expect((excel as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(excel);
    await waitFor(() => expect(downloads).toEqual(['btw-overzicht-2025.csv', 'btw-overzicht-2025.xlsx']), {
      timeout: 5000,
    });

    const exports = calls.filter((c) => c.url.startsWith('/api/invoice/quarterly/export'));
    expect(exports.map((c) => c.url)).toEqual([
      '/api/invoice/quarterly/export?year=2025&format=csv',
      '/api/invoice/quarterly/export?year=2025&format=xlsx',
    ]);
    expect(exports[0]?.headers).toEqual({ Authorization: 'Bearer t' });
  });

  it('shows each quarter and the total as a card on a phone', async () => {
    const matchMedia = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY || matchMedia(query).matches,
    }));
    setup();
    await screen.findByText('Totaal');
    const cards = screen.getAllByTestId('record-card');
    expect(cards).toHaveLength(5);
    expect(screen.queryByRole('table')).toBeNull();
    const q1 = within(cards[0]!);
    expect(q1.getByText('Q1')).toBeTruthy();
    expect(q1.getByText('Btw 21%').nextElementSibling?.textContent?.replace(/\s+/g, ' ')).toBe('€ 420,00');
    expect(within(cards[4]!).getByText('Totaal incl. btw').nextElementSibling?.textContent).toMatch(
      /€\s3\.005,00/,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('has no accessibility violations', async () => {
    setup();
    await screen.findByText('Totaal');
    expect(await axeViolations()).toEqual([]);
  });
});
