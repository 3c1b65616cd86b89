import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { PHONE_QUERY } from '../../../ui/responsive';
import { axeViolations, createTestOverdueRow } from '../test-factories';

const MODULES = ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'INVOICE'] as const;

// As the server answers: oldest due date first.
const OLDEST = createTestOverdueRow({
  id: 30,
  number: 2025090,
  title: 'Cv-ketel Kerkweg',
  flow_id: 40,
  flow_number: 1040,
  relation_fullname: 'Piet Smit',
  date_send: '2025-11-17T09:00:00+01:00',
  enddate: '2025-12-01',
  days_overdue: 61,
  status: 'expired',
  billed_inc: 980.5,
  owed: 480.5,
  reminder_sent_at: '2026-01-20T10:00:00+01:00',
});
const NEWER = createTestOverdueRow({ days_overdue: 1, billed_inc: 254.06, owed: 254.06 });

function setup(answer: { rows: unknown[]; total?: number; outstanding: number }) {
  setToken('t');
  return {
    ...mockServer({
      session: createTestSession({ modules: [...MODULES] }),
      routes: {
        'POST /api/invoice/31/sendpaymentreminder': () => ({
          body: { level: 'reminder', to: 'jan@example.nl', sent_at: '2026-02-01T10:00:00+01:00' },
        }),
        'POST /api/invoice/30/sendpaymentreminder': () => ({
          body: { level: 'notice', to: 'piet@example.nl', sent_at: '2026-02-01T10:00:00+01:00' },
        }),
        'GET /api/invoice/overdue': (call) => {
          const offset = Number(new URL(call.url, 'http://x').searchParams.get('offset'));
          return {
            body: {
              data: answer.rows,
              pagination: { total: answer.total ?? answer.rows.length, offset, limit: 25 },
              total_outstanding: answer.outstanding,
            },
          };
        },
      },
    }),
    ...renderApp('/overdueinvoice_overview.html'),
  };
}

describe('overdue invoices', () => {
  it('lists the overdue invoices oldest first with their days overdue in red, and the total outstanding', async () => {
    const { calls } = setup({ rows: [OLDEST, NEWER], outstanding: 1234.56 });
    expect(await screen.findByRole('heading', { name: 'Verlopen facturen' })).toBeTruthy();
    expect(await screen.findByText('Totaal openstaand: € 1.234,56')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/invoice/overdue'))?.url).toBe(
      '/api/invoice/overdue?offset=0&limit=25',
    );

    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Factuurnummer',
      'Klant',
      'Dossier',
      'Verstuurd',
      'Vervaldatum',
      'Dagen te laat',
      'Bedrag incl. btw',
      'Openstaand',
      'Herinneringen',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const texts = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s+/g, ' '));
    expect(rows.map(texts)).toEqual([
      [
        '2025090',
        'Piet Smit',
        'Dossier 1040',
        '17-11-2025',
        '01-12-2025',
        '61 dagen',
        '€ 980,50',
        'verlopen€ 480,50',
        'Herinnering 20-01-2026Aanmaning sturen',
      ],
      [
        '2026001',
        'Jan de Boer',
        'Dossier 1041',
        '05-01-2026',
        '19-01-2026',
        '1 dag',
        '€ 254,06',
        '€ 254,06',
        'Herinnering sturen',
      ],
    ]);
    const days = within(rows[0]!).getByText('61 dagen');
    expect(days.getAttribute('style')).toContain('var(--mantine-color-red-8)');

    expect(within(rows[0]!).getByRole('link', { name: '2025090' }).getAttribute('href')).toBe(
      '/invoice_detail/30',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Dossier 1040' }).getAttribute('href')).toBe(
      '/flow_detail/40',
    );
  });

  it('sends a reminder, then an aanmaning, after confirmation, without opening the invoice', async () => {
    const { calls, router } = setup({ rows: [OLDEST, NEWER], outstanding: 734.56 });
    const send = async (name: string, message: RegExp) => {
      fireEvent.click(await screen.findByRole('button', { name }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(message)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    };
    calls.length = 0;
    await send(
      'Herinnering sturen 2026001',
      /Een betalingsherinnering voor factuur 2026001 \(€\s254,06 openstaand\)/,
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/invoice/31/sendpaymentreminder',
        body: { level: 'reminder' },
      }),
    );
    await send('Aanmaning sturen 2025090', /Een aanmaning voor factuur 2025090 \(€\s480,50 openstaand\)/);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
        url: '/api/invoice/30/sendpaymentreminder',
        body: { level: 'notice' },
      }),
    );
    expect(router.state.location.pathname).toBe('/overdueinvoice_overview.html');
  });

  it('shows when the aanmaning went and offers nothing more', async () => {
    setup({
      rows: [{ ...OLDEST, notice_sent_at: '2026-02-01T10:00:00+01:00' }],
      outstanding: 480.5,
    });
    expect(await screen.findByText('Aanmaning 01-02-2026')).toBeTruthy();
    expect(screen.getByText('Herinnering 20-01-2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /sturen/ })).toBeNull();
  });

  it('opens the invoice on a row click', async () => {
    const { router } = setup({ rows: [OLDEST, NEWER], outstanding: 1234.56 });
    fireEvent.click(await screen.findByText('Jan de Boer'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoice_detail/31'));
  });

  it('pages with the full-number pager and keeps the page', async () => {
    const { calls } = setup({ rows: [OLDEST, NEWER], total: 30, outstanding: 9000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/invoice/overdue?offset=25&limit=25'));
    expect(JSON.parse(window.localStorage.getItem('im.table.overdueinvoice_overview') ?? '{}').page).toBe(2);
  });

  it('says so when nothing is overdue', async () => {
    setup({ rows: [], outstanding: 0 });
    expect(await screen.findByText('Totaal openstaand: € 0,00')).toBeTruthy();
    expect(screen.getByText('Geen verlopen facturen.')).toBeTruthy();
  });

  it('shows one card per invoice on a phone', async () => {
    const matchMedia = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY || matchMedia(query).matches,
    }));
    setup({ rows: [OLDEST, NEWER], outstanding: 1234.56 });
    await screen.findByText('Totaal openstaand: € 1.234,56');
    const cards = await screen.findAllByTestId('record-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('61 dagen')).toBeTruthy();
    expect(within(cards[0]!).getByText('Dagen te laat')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('has no accessibility violations', async () => {
    setup({ rows: [OLDEST, NEWER], outstanding: 1234.56 });
    await screen.findByText('Piet Smit');
    expect(await axeViolations()).toEqual([]);
  });
});
