import { PROTECTED_MESSAGE } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import {
  createTestAdminSession,
  createTestCompanyDetail,
  moduleIdOf,
  page,
  testModules,
} from '../../../test/admin-factories';
import { renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import type { CompanyDetail } from '../queries';

function setup(company: CompanyDetail, routes: Record<string, MockRoute> = {}) {
  setToken('t');
  const server = mockServer({
    session: createTestAdminSession(),
    routes: {
      [`GET /api/company/${company.id}`]: () => ({ body: company }),
      'GET /api/module': () => ({ body: testModules() }),
      'GET /api/subscription': () => ({ body: [] }),
      'GET /api/user/querypaginated': () => page([]),
      ...routes,
    },
  });
  const view = renderApp(`/company_detail/${company.id}`);
  return { ...server, ...view };
}

const moduleSwitch = (tag: string) => screen.findByRole('switch', { name: `Module ${tag}` });

describe('company detail: modules', () => {
  it('adds a module with addmoduletocompany and removes one with removemodulefromcompany', async () => {
    let company = createTestCompanyDetail();
    const { calls } = setup(company, {
      'PATCH /api/company/5/addmoduletocompany': () => {
        company = { ...company, modules: [...company.modules, { id: 2, tag: 'CRM', purchased: false }] };
        return { body: company };
      },
      'PATCH /api/company/5/removemodulefromcompany': () => {
        company = { ...company, modules: company.modules.filter((m) => m.tag !== 'BASIS') };
        return { body: company };
      },
    });

    const crm = (await moduleSwitch('CRM')) as HTMLInputElement;
    const basis = (await moduleSwitch('BASIS')) as HTMLInputElement;
    expect(crm.checked).toBe(false);
    expect(basis.checked).toBe(true);
    // BASIS came with a subscription: marked as purchased.
    expect(screen.getByText('Gekocht')).toBeTruthy();

    fireEvent.click(crm);
    expect(await screen.findByText('Module CRM is toegevoegd.')).toBeTruthy();
    await waitFor(() => expect(crm.checked).toBe(true));
    fireEvent.click(basis);
    expect(await screen.findByText('Module BASIS is verwijderd.')).toBeTruthy();
    await waitFor(() => expect(basis.checked).toBe(false));

    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => [c.url, c.body])).toEqual([
      ['/api/company/5/addmoduletocompany', { moduleId: moduleIdOf('CRM') }],
      ['/api/company/5/removemodulefromcompany', { moduleId: moduleIdOf('BASIS') }],
    ]);
  });

  it("shows the server's refusal (ADMIN of company 1) as an alert and keeps the switch on", async () => {
    const main = createTestCompanyDetail({
      id: 1,
      name: 'Installatiemanager',
      modules: [{ id: moduleIdOf('ADMIN'), tag: 'ADMIN', purchased: false }],
    });
    setup(main, {
      'PATCH /api/company/1/removemodulefromcompany': () => ({
        status: 409,
        body: { message: PROTECTED_MESSAGE },
      }),
    });
    const admin = (await moduleSwitch('ADMIN')) as HTMLInputElement;
    fireEvent.click(admin);
    const dialog = await screen.findByRole('dialog', { name: 'Let op' });
    expect(within(dialog).getByText(PROTECTED_MESSAGE)).toBeTruthy();
    expect(admin.checked).toBe(true);
  });
});

describe('company detail: delete', () => {
  it('moves the company to the trash with batch progress to 100, then back to the overview', async () => {
    const batches = [
      { id: 'b1', progress: 40, cancelledAt: null, finishedAt: null },
      { id: 'b1', progress: 100, cancelledAt: null, finishedAt: '2026-03-02T10:00:00Z' },
    ];
    const { calls, router } = setup(createTestCompanyDetail(), {
      'DELETE /api/company/5': () => ({ body: { batchId: 'b1' } }),
      'GET /api/batch/b1': () => ({ body: batches.length > 1 ? batches.shift() : batches[0] }),
      'GET /api/company/querypaginated': () => page([]),
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Bedrijf verwijderen' });
    expect(within(confirmDialog).getByText(/Klimaat Compleet BV/)).toBeTruthy();
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Verwijderen' }));

    const progress = await screen.findByRole('dialog', { name: 'Klimaat Compleet BV wordt verwijderd' });
    expect(await within(progress).findByText('Bezig… 40%')).toBeTruthy();
    await waitFor(() => expect(within(progress).getByText('Klaar.')).toBeTruthy(), { timeout: 4000 });
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(calls.filter((c) => c.url === '/api/batch/b1').length).toBeGreaterThanOrEqual(2);

    fireEvent.click(within(progress).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company_overview'));
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { calls } = setup(createTestCompanyDetail());
    fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Bedrijf verwijderen' });
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it("shows 'Perhaps not such a good idea.' for company 1", async () => {
    const { router } = setup(createTestCompanyDetail({ id: 1, name: 'Installatiemanager' }), {
      'DELETE /api/company/1': () => ({ status: 409, body: { message: PROTECTED_MESSAGE } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Bedrijf verwijderen' });
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Verwijderen' }));
    const alert = await screen.findByRole('dialog', { name: 'Let op' });
    expect(within(alert).getByText(PROTECTED_MESSAGE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/company_detail/1');
  });
});
