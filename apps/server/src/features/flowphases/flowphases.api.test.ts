import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Fase A' });
  b = await createCrmCompany(t, { name: 'Fase B' });
});
afterAll(async () => t?.close());

const phasesOf = async (token: string, stage: string) =>
  (await t.api('GET', `/api/flowphase?flowstage=${stage}`, { token })).body as {
    id: number;
    description: string;
    order: number;
  }[];

describe('flow phases', () => {
  it('lists the default sub-statuses per stage in order', async () => {
    const all = await t.api('GET', '/api/flowphase', { token: a.token });
    expect(all.status).toBe(200);
    expect(
      all.body
        .map((p: { flowstage: string }) => p.flowstage)
        .filter((s: string, i: number, l: string[]) => l.indexOf(s) === i),
    ).toEqual(['new', 'intake', 'quotation', 'confirmation', 'project', 'invoice', 'aftercare']);
    expect((await phasesOf(a.token, 'new')).map((p) => p.description)).toEqual([
      'Ongelezen',
      'Eerste contact maken',
      'Nabellen',
      'Afspraak gemaakt',
      'On hold',
    ]);
    expect((await t.api('GET', '/api/flowphase?flowstage=completed', { token: a.token })).status).toBe(422);
  });

  it('creates at the end of its stage, changes, reorders and deletes, logging each', async () => {
    const created = await t.api('POST', '/api/flowphase', {
      token: a.token,
      body: { description: 'Subsidie aangevraagd', color: '#22aa55', flowstage: 'intake' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      description: 'Subsidie aangevraagd',
      color: '#22aa55',
      flowstage: 'intake',
      order: 6,
    });
    // A phase keeps its stage: flowstage is no field of an update and is refused by name (decision 041).
    const moved = await t.api('PATCH', `/api/flowphase/${created.body.id}`, {
      token: a.token,
      body: { description: 'Subsidie', color: 'green', flowstage: 'project' },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toHaveProperty('flowstage');
    const changed = await t.api('PATCH', `/api/flowphase/${created.body.id}`, {
      token: a.token,
      body: { description: 'Subsidie', color: 'green' },
    });
    expect(changed.body).toMatchObject({ description: 'Subsidie', color: 'green', flowstage: 'intake' });
    const ids = (await phasesOf(a.token, 'intake')).map((p) => p.id);
    const reversed = [...ids].reverse();
    const reordered = await t.api('POST', '/api/flowphase/reorder', {
      token: a.token,
      body: { flowstage: 'intake', ids: reversed },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((p: { id: number }) => p.id)).toEqual(reversed);
    expect(reordered.body.map((p: { order: number }) => p.order)).toEqual(ids.map((_, i) => i));
    for (const body of [
      { flowstage: 'intake', ids: reversed.slice(1) },
      { flowstage: 'intake', ids: [...reversed, reversed[0]] },
      { flowstage: 'new', ids: reversed },
    ]) {
      expect((await t.api('POST', '/api/flowphase/reorder', { token: a.token, body })).status).toBe(422);
    }
    expect((await t.api('DELETE', `/api/flowphase/${created.body.id}`, { token: a.token })).status).toBe(200);
    expect((await phasesOf(a.token, 'intake')).map((p) => p.id)).not.toContain(created.body.id);
    for (const action of ['create', 'update', 'delete'])
      expect(await logCount(t, 'flowphase', created.body.id, action)).toBe(1);
  });

  it('422 for bad input; 404 for another company’s phases, which never show', async () => {
    for (const body of [
      {},
      { description: 'X' },
      { description: 'X', flowstage: 'cancelled' },
      { description: '', flowstage: 'new' },
      { description: 'X', flowstage: 'new', color: 'rgb(1,2,3)' },
    ])
      expect((await t.api('POST', '/api/flowphase', { token: a.token, body })).status).toBe(422);
    const theirs = (await phasesOf(b.token, 'new'))[0]!;
    expect(
      (await t.api('PATCH', `/api/flowphase/${theirs.id}`, { token: a.token, body: { description: 'X' } }))
        .status,
    ).toBe(404);
    expect((await t.api('DELETE', `/api/flowphase/${theirs.id}`, { token: a.token })).status).toBe(404);
    expect((await phasesOf(a.token, 'new')).map((p) => p.id)).not.toContain(theirs.id);
    const theirIds = (await phasesOf(b.token, 'new')).map((p) => p.id);
    expect(
      (
        await t.api('POST', '/api/flowphase/reorder', {
          token: a.token,
          body: { flowstage: 'new', ids: theirIds },
        })
      ).status,
    ).toBe(422);
  });
});
