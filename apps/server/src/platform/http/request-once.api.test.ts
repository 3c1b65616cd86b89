import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, OFFLINE_MESSAGES } from '@im/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { pruneRequestKeys } from './request-once';

// Creates sent with an Idempotency-Key (decision 069): a device's outbox may send a note or a photo twice
// (the answer was lost, the server died between commit and answer); each is made once.

let t: TestServer;
type Company = { companyId: number; token: string; userId: number };
let a: Company;
let b: Company;
let flowA: number;
let flowB: number;

beforeAll(async () => {
  t = await startTestServer();
  a = await createCrmCompany(t, { name: 'Sleutel A' });
  b = await createCrmCompany(t, { name: 'Sleutel B' });
  flowA = (await createTestRelation(t, a.token, { createnewflow: true })).flow_id as number;
  flowB = (await createTestRelation(t, b.token, { createnewflow: true })).flow_id as number;
});
afterAll(async () => t?.close());

const note = (c: Company, flowId: number, key: string, content = 'Meterkast vol, groep erbij') =>
  t.api('POST', '/api/note', {
    token: c.token,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    body: { flow_id: flowId, content },
  });

const count = async (table: 'note' | 'picture', flowId: number) =>
  Number(
    (
      await t.server.deps.db.platform((tx) =>
        tx.execute<{ n: string }>(
          sql`select count(*) as n from ${sql.identifier(table)} where flow_id = ${flowId}`,
        ),
      )
    ).rows[0]!.n,
  );

function photo(bytes: Buffer, key: string, flowId = flowA, token = a.token) {
  const data = new FormData();
  data.append('flow_id', String(flowId));
  data.append('file', new Blob([new Uint8Array(bytes)]), 'dak.jpg');
  return t.api('POST', '/api/picture', { token, headers: { [IDEMPOTENCY_KEY_HEADER]: key }, body: data });
}

const jpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();

const storedFiles = async (companyId: number) => {
  const keys: string[] = [];
  for await (const key of t.server.deps.storage.list())
    if (key.startsWith(`pictures/${companyId}/`)) keys.push(key);
  return keys.length;
};

describe('a create sent again with its key', () => {
  it('makes a note once: the second send answers the first note, one log item', async () => {
    const key = randomUUID();
    const before = await count('note', flowA);
    const first = await note(a, flowA, key);
    const again = await note(a, flowA, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await count('note', flowA)).toBe(before + 1);
    expect(await logCount(t, 'note', first.body.id, 'create')).toBe(1);
  });

  it('makes it once when both sends arrive at the same time', async () => {
    const key = randomUUID();
    const before = await count('note', flowA);
    const answers = await Promise.all(Array.from({ length: 5 }, () => note(a, flowA, key, 'Tegelijk')));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    expect(await count('note', flowA)).toBe(before + 1);
  });

  it('keeps each company’s keys apart: the same key in another company makes its own note', async () => {
    const key = randomUUID();
    const mine = await note(a, flowA, key, 'Van A');
    const theirs = await note(b, flowB, key, 'Van B');
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.content).toBe('Van B');
    // B's key does not reveal A's note, and A cannot reach B's flow with it.
    expect((await note(a, flowB, randomUUID())).status).toBe(404);
  });

  it('refuses a key that is not a UUID, and a key used for another kind of record', async () => {
    for (const bad of ['abc', `${randomUUID()}x`, "'; drop table note; --", 'x'.repeat(1000)]) {
      const res = await note(a, flowA, bad);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(OFFLINE_MESSAGES.keyInvalid);
    }
    const key = randomUUID();
    expect((await note(a, flowA, key)).status).toBe(201);
    const asPhoto = await photo(await jpeg(), key);
    expect(asPhoto.status).toBe(422);
    expect(asPhoto.body.message).toBe(OFFLINE_MESSAGES.keyReused);
  });

  it('answers 410 when the note the key made was deleted since', async () => {
    const key = randomUUID();
    const first = await note(a, flowA, key);
    expect((await t.api('DELETE', `/api/note/${first.body.id}`, { token: a.token })).status).toBe(200);
    const again = await note(a, flowA, key);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(OFFLINE_MESSAGES.madeAndDeleted);
  });

  it('stores a photo once: sent again (also at the same time) it answers the first and leaves no extra files', async () => {
    const bytes = await jpeg();
    const key = randomUUID();
    const before = await count('picture', flowA);
    const first = await photo(bytes, key);
    expect(first.status).toBe(201);
    const files = await storedFiles(a.companyId);
    const again = await photo(bytes, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const together = await Promise.all([photo(bytes, randomUUID()), photo(bytes, randomUUID())]);
    expect(together.map((r) => r.status)).toEqual([201, 201]);
    const racing = randomUUID();
    const raced = await Promise.all([photo(bytes, racing), photo(bytes, racing), photo(bytes, racing)]);
    expect(new Set(raced.map((r) => r.body.id)).size).toBe(1);
    expect(await count('picture', flowA)).toBe(before + 4);
    // Original and thumbnail per photo made; the raced duplicates' files were removed again.
    expect(await storedFiles(a.companyId)).toBe(files + 3 * 2);
  });

  it('a create without a key is made each time, as before', async () => {
    const before = await count('note', flowA);
    for (let i = 0; i < 2; i++)
      await t.api('POST', '/api/note', {
        token: a.token,
        body: { flow_id: flowA, content: 'Zonder sleutel' },
      });
    expect(await count('note', flowA)).toBe(before + 2);
  });

  it('forgets keys after their keeping time', async () => {
    const key = randomUUID();
    await note(a, flowA, key);
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update request_once set created_at = now() - interval '31 days' where key = ${key}`),
    );
    expect(await pruneRequestKeys(t.server.deps.db)).toBeGreaterThanOrEqual(1);
    const rows = await t.server.deps.db.platform((tx) =>
      tx.execute(sql`select 1 from request_once where key = ${key}`),
    );
    expect(rows.rows).toHaveLength(0);
  });
});

describe('kept notes sent in one request (POST /api/note/batch)', () => {
  const batch = (c: Company, notes: { key: string; note: Record<string, unknown> }[]) =>
    t.api('POST', '/api/note/batch', { token: c.token, body: { notes } });

  it('makes each note once by its key, in order, and answers each; sent again it makes nothing more', async () => {
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    // The second was sent alone before (its answer lost): the batch answers that note, not a new one.
    const single = await note(a, flowA, keys[1]!, 'Twee');
    const before = await count('note', flowA);
    const notes = keys.map((key, i) => ({
      key,
      note: { flow_id: flowA, content: ['Een', 'Twee', 'Drie'][i] },
    }));
    const first = await batch(a, notes);
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: { key: string; status: number }) => [r.key, r.status])).toEqual(
      keys.map((key) => [key, 201]),
    );
    expect(first.body.results[1].note).toEqual(single.body);
    expect(first.body.results.map((r: { note: { content: string } }) => r.note.content)).toEqual([
      'Een',
      'Twee',
      'Drie',
    ]);
    const ids = first.body.results.map((r: { note: { id: number } }) => r.note.id);
    expect(ids[0]).toBeLessThan(ids[2]);
    expect(await count('note', flowA)).toBe(before + 2);
    const again = await batch(a, notes);
    expect(again.body.results.map((r: { note: { id: number } }) => r.note.id)).toEqual(ids);
    expect(await count('note', flowA)).toBe(before + 2);
  });

  it('refuses one note without holding back the others, answers 410 for one deleted since', async () => {
    const deletedKey = randomUUID();
    const made = await note(a, flowA, deletedKey, 'Weg');
    expect((await t.api('DELETE', `/api/note/${made.body.id}`, { token: a.token })).status).toBe(200);
    const before = await count('note', flowA);
    const beforeB = await count('note', flowB);
    const answer = await batch(a, [
      { key: randomUUID(), note: { flow_id: flowB, content: 'Dossier van een ander bedrijf' } },
      { key: deletedKey, note: { flow_id: flowA, content: 'Weg' } },
      { key: randomUUID(), note: { flow_id: flowA, content: 'Komt aan' } },
    ]);
    expect(answer.status).toBe(200);
    const [foreign, gone, fine] = answer.body.results;
    expect([404, 422]).toContain(foreign.status);
    expect(foreign.note).toBeNull();
    expect(foreign.message).toEqual(expect.any(String));
    expect(gone).toMatchObject({ status: 410, message: OFFLINE_MESSAGES.madeAndDeleted, note: null });
    expect(fine).toMatchObject({ status: 201, note: { content: 'Komt aan', flow_id: flowA } });
    expect(await count('note', flowA)).toBe(before + 1);
    expect(await count('note', flowB)).toBe(beforeB);
  });

  it('refuses a malformed batch as a whole with field errors: no note made', async () => {
    const before = await count('note', flowA);
    for (const notes of [
      [],
      [{ key: 'geen-uuid', note: { flow_id: flowA, content: 'x' } }],
      [{ key: randomUUID(), note: { flow_id: flowA, content: '' } }],
      Array.from({ length: 51 }, () => ({ key: randomUUID(), note: { flow_id: flowA, content: 'x' } })),
    ]) {
      const answer = await batch(a, notes);
      expect(answer.status).toBe(422);
    }
    expect(await count('note', flowA)).toBe(before);
  });
});
