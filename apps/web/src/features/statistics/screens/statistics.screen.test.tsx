import type { CurrentFlowSettings, ImStatistics, LeadStatistics } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token';
import type { MockCall } from '../../../test/fetch-mock';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { formatMoney } from '../../../ui/format';

const params = (call: MockCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams);
const weeks = ['2026-11-23', '2026-11-30'];

function leadStats(over: Partial<LeadStatistics> = {}): LeadStatistics {
  return {
    weeks,
    lead_sources: ['Eigen website', 'Beurs'],
    values: [
      { lead_source: 'Beurs', counts: [1, 0] },
      { lead_source: 'Eigen website', counts: [2, 3] },
    ],
    totals: [3, 3],
    quotations_reached: [2, 1],
    orders_reached: [1, 0],
    stages: [
      { stage: 'intake', reached: 2, percentage: 33.3, average_days: 2 },
      { stage: 'quotation', reached: 3, percentage: 50, average_days: 6.5 },
      { stage: 'confirmation', reached: 1, percentage: 16.7, average_days: 12 },
      { stage: 'project', reached: 0, percentage: 0, average_days: null },
      { stage: 'invoice', reached: 0, percentage: 0, average_days: null },
      { stage: 'aftercare', reached: 0, percentage: 0, average_days: null },
    ],
    turnover: [1250.5, 0],
    quotations_sent: [2, 2],
    quotations_approved: [1, 0],
    acceptance_rate: 25,
    revenue_month: 1250.5,
    revenue_year: 20000,
    flows_by_status: [
      { flow_status: 'new', count: 4 },
      { flow_status: 'quotation', count: 2 },
    ],
    ...over,
  } as LeadStatistics;
}

const flowSettings = {
  lead_sources: ['Eigen website', 'Beurs'],
  flowprofiles: [],
  users: [{ id: 7, fullname: 'Anna de Vries', user_type: 'standard', role: 1000 }],
} as unknown as CurrentFlowSettings;

function setup(path: string, routes: Record<string, MockRoute> = {}) {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/company/getleadstatistics': () => ({ body: leadStats() }),
      'GET /api/company/getcurrentflowsettings': () => ({ body: flowSettings }),
      ...routes,
    },
  });
  return { ...server, ...renderApp(path) };
}

afterEach(() => vi.restoreAllMocks());

describe('lead statistics screen', { timeout: 20_000 }, () => {
  it('shows leads per week with a Dutch summary and the table, and filters by handler', async () => {
    const { calls } = setup('/account/company_lead_statistics');
    // The first screen of the file brings the chart library: give its lazy import time on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Aanvraagstatistieken' }, { timeout: 15_000 }),
    ).toBeTruthy();
    const leads = within(
      await screen.findByRole('region', { name: 'Aanvragen per week per leadbron' }, { timeout: 5000 }),
    );
    expect(
      leads.getByText(
        '6 aanvragen in 2 perioden; de meeste in 23-11 (3). Grootste leadbron: Eigen website (5).',
      ),
    ).toBeTruthy();
    expect(leads.getByRole('img', { name: 'Aanvragen per week per leadbron' })).toBeTruthy();
    const table = leads.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Week van', 'Beurs', 'Eigen website', 'Totaal']);
    const row = within(table).getByRole('rowheader', { name: '30-11' }).parentElement as HTMLElement;
    expect([...row.children].map((c) => c.textContent)).toEqual(['30-11', '0', '3', '3']);
    const conversion = within(screen.getByRole('region', { name: 'Van aanvraag naar offerte en opdracht' }));
    expect(
      conversion.getByText('Van 6 aanvragen kregen er 3 een offerte (50 %) en 1 een opdracht (16,7 %).'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Offertes verstuurd en goedgekeurd' })).getByText(
        '4 offertes verstuurd en 1 goedgekeurd: acceptatie 25 %.',
      ),
    ).toBeTruthy();
    expect(params(calls.find((c) => c.url.startsWith('/api/company/getleadstatistics')))).toEqual({
      weeks: '14',
    });

    fireEvent.click(await screen.findByRole('combobox', { name: 'Behandelaar' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Anna de Vries' }));
    await waitFor(
      () =>
        expect(
          params(calls.filter((c) => c.url.startsWith('/api/company/getleadstatistics')).at(-1)),
        ).toEqual({
          weeks: '14',
          username: '7',
        }),
      { timeout: 5000 },
    );
  });

  it('downloads the export under the name the server gives', async () => {
    const { calls } = setup('/account/company_lead_statistics', {
      'POST /api/company/12/exportstatistics': () => ({
        body: 'x',
        headers: {
          'content-type': 'text/csv',
          'content-disposition': `attachment; filename="statistieken-12.csv"; filename*=UTF-8''statistieken-12.csv`,
        },
      }),
    });
    const created = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    let saved = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Exporteren' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(saved).toBe('statistieken-12.csv'), { timeout: 5000 });
    expect(
      calls.some((c) => c.method === 'POST' && c.url.includes('exporttype=csv&date_from=2026-11-23')),
    ).toBe(true);
  });
});

describe('realtime statistics screen', { timeout: 20_000 }, () => {
  it('shows this week against last, the money so far and the flows per status', async () => {
    const { calls } = setup('/account/company_realtime_statistics');
    expect(await screen.findByText('Aanvragen deze week')).toBeTruthy();
    expect(screen.getByText(/1\.250,50/)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Dossiers per status nu' })).getByText(
        '6 dossiers; de meeste in status Lead (4).',
      ),
    ).toBeTruthy();
    expect(params(calls.find((c) => c.url.startsWith('/api/company/getleadstatistics')))).toEqual({
      weeks: '2',
    });
  });
});

describe('bragscreen', { timeout: 20_000 }, () => {
  it('shows the platform’s six figures with their last value', async () => {
    const points = (f: (i: number) => number) =>
      Array.from({ length: 25 }, (_, i) => ({
        period: `2025-${String((i % 12) + 1).padStart(2, '0')}`,
        value: f(i),
      }));
    const body: ImStatistics = {
      companydata: points((i) => i + 1),
      userdata: points((i) => i * 10),
      mrrdata: points(() => 5),
      flowdata: points(() => 100),
      turnoverdata: points(() => 1000),
      invoicedata: points(() => 7),
    };
    setToken('t');
    mockServer({
      session: createTestSession({ modules: ['ADMIN', 'BASIS'], userrole: 100 }),
      routes: { 'POST /api/company/getimstatistics': () => ({ body }) },
    });
    renderApp('/bragscreen');
    expect(await screen.findByRole('heading', { name: 'Installatiemanager in cijfers' })).toBeTruthy();
    expect((await screen.findByTestId('brag-Bedrijven')).textContent).toBe('25');
    expect(screen.getByTestId('brag-Gefactureerd per maand').textContent).toBe(formatMoney(1000));
    expect(screen.getByRole('img', { name: 'Gebruikers: nu 240, 24 maanden geleden 0.' })).toBeTruthy();
  });
});
