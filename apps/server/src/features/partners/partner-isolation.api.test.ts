import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRelation } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { isPublic } from '../../platform/http/access';

/**
 * A partner user against every route of the registry (decision 056): a route that does not say a partner
 * may call it answers 403 before it reads anything; the few that do answer only the partner's own
 * flows and documents, and another flow or document of the same company is 404.
 */

let t: TestServer;
let manager: string;
let partnerToken: string;
const own = { flow: 0, quotation: 0, invoice: 0 };
const other = { flow: 0, quotation: 0, invoice: 0 };

async function flowWithDocuments(description: string, title: string) {
  const rel = await createTestRelation(t, manager, { createnewflow: true, flow_description: description });
  const flow = rel.flows[0].id as number;
  const q = await t.api('POST', '/api/quotation', { token: manager, body: { flow_id: flow, title } });
  const i = await t.api('POST', '/api/invoice', {
    token: manager,
    body: { flow_id: flow, title: `${title} factuur` },
  });
  expect([q.status, i.status]).toEqual([201, 201]);
  return { relation: rel.id as number, flow, quotation: q.body.id as number, invoice: i.body.id as number };
}

beforeAll(async () => {
  t = await startTestServer({ work: false });
  const companyId = await t.createTestCompany({
    modules: [
      'BASIS',
      'CRM',
      'SETTINGS',
      'SALES',
      'QUOTATION',
      'CONFIRMATION',
      'INVOICE',
      'PARTNER',
      'PARTNERMANAGEMENT',
    ],
  });
  const m = await t.createTestUser({ companyId, role: 5000 });
  manager = await t.login(m.email);
  const partner = await t.api('POST', '/api/partner', {
    token: manager,
    body: { name: 'Woonstichting Eigen' },
  });
  const mine = await flowWithDocuments('Eigen dossier', 'Eigen offerte');
  const theirs = await flowWithDocuments('Geheim dossier', 'Geheime offerte');
  Object.assign(own, mine);
  Object.assign(other, theirs);
  await t.api('POST', `/api/relation/${mine.relation}/setpartner`, {
    token: manager,
    body: { partner_id: partner.body.id },
  });
  const otherPartner = await t.api('POST', '/api/partner', {
    token: manager,
    body: { name: 'Andere partner' },
  });
  await t.api('POST', `/api/relation/${theirs.relation}/setpartner`, {
    token: manager,
    body: { partner_id: otherPartner.body.id },
  });
  await t.api('POST', `/api/partner/${partner.body.id}/user`, {
    token: manager,
    body: { name: 'Paula', surname: 'Partner', email: 'paula@eigen.nl', password: 'Welkom123' },
  });
  partnerToken = await t.login('paula@eigen.nl', 'Welkom123');
}, 120_000);
afterAll(async () => t?.close());

describe('a partner user', () => {
  it('sees their own flow, its quotation and invoice, and the dashboard', async () => {
    const index = await t.api('GET', '/api/flow/indexforpartner', { token: partnerToken });
    expect(index.body.data.map((f: { id: number }) => f.id)).toEqual([own.flow]);
    const flow = await t.api('GET', `/api/flow/${own.flow}/getforpartner`, { token: partnerToken });
    expect(flow.status).toBe(200);
    expect(flow.body.documents.map((d: { id: number }) => d.id).sort()).toEqual(
      [own.quotation, own.invoice].sort(),
    );
    for (const [kind, id] of [
      ['quotation', own.quotation],
      ['invoice', own.invoice],
    ] as const) {
      expect((await t.api('GET', `/api/${kind}/${id}`, { token: partnerToken })).status).toBe(200);
      expect((await t.api('GET', `/api/${kind}/${id}/preview`, { token: partnerToken })).status).toBe(200);
      const change = await t.api('PATCH', `/api/${kind}/${id}`, {
        token: partnerToken,
        body: { title: 'x' },
      });
      expect(change.status).toBe(403);
    }
    const dashboard = await t.api('GET', '/api/partner/dashboard', { token: partnerToken });
    expect(dashboard.body.partner.name).toBe('Woonstichting Eigen');
    expect(dashboard.body.flows_by_status).toEqual([{ status: 'invoice', count: 1 }]);
    expect(JSON.stringify(dashboard.body)).not.toContain('Geheim');
    // Staff get no partner view of a flow.
    expect((await t.api('GET', `/api/flow/${own.flow}/getforpartner`, { token: manager })).status).toBe(403);
  });

  it("gets 404 for the same company's other flows and documents", async () => {
    const calls = [
      `/api/flow/${other.flow}/getforpartner`,
      `/api/quotation/${other.quotation}`,
      `/api/quotation/${other.quotation}/preview`,
      `/api/quotation/${other.quotation}/download`,
      `/api/invoice/${other.invoice}`,
      `/api/invoice/${other.invoice}/download`,
    ];
    for (const path of calls) {
      const res = await t.api('GET', path, { token: partnerToken });
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Geheim');
    }
  });

  it('gets 403 from every other route of the registry, and nothing of anyone else from the rest', async () => {
    const routes = t.server.app.apiRoutes.filter((r) => !isPublic(r.access));
    const leaks: string[] = [];
    let refused = 0;
    for (const { method, url, access } of routes) {
      if (/logout/.test(url)) continue;
      // Every path parameter names the other partner's flow or document (or a plausible id).
      const path = url.replace(/:(\w+)/g, (_, name: string) =>
        name === 'id'
          ? String(/invoice/.test(url) ? other.invoice : /quotation/.test(url) ? other.quotation : other.flow)
          : '1',
      );
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const res = await t.api(method, path, { token: partnerToken, body });
      const isPartnerRoute = !isPublic(access) && access.partner === true;
      if (!isPartnerRoute) {
        if (res.status !== 403) leaks.push(`${method} ${url}: ${res.status}`);
        else refused += 1;
        continue;
      }
      if (res.status >= 500 || res.status === 401) leaks.push(`${method} ${url}: ${res.status}`);
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
      if (/Geheim/.test(text)) leaks.push(`${method} ${url}: leaks another flow`);
    }
    expect(leaks).toEqual([]);
    expect(refused).toBeGreaterThan(300);
  }, 300_000);
});
