// A device's outbox replaying into a server that is killed (kill -9) in the middle (issue 47, decision 069):
// what was committed before the kill is answered again after the restart, what was not is made then;
// nothing is lost and nothing is made twice, whichever request the kill cut.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IDEMPOTENCY_KEY_HEADER, MODULE_TAGS } from '@im/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, killAllChildServers, startChildServer } from '../../../test/child-server';
import { createTestDatabase, TEST_PASSWORD } from '../../../test/test-server';
import { createCompany } from '../../features/companies/create-company';
import { createUser } from '../../features/users/create-user';
import { APP_ROLE, Database } from '../db/database';

interface Change {
  key: string;
  kind: 'note' | 'picture';
  content: string;
}

describe('an outbox replayed into a server killed in the middle', () => {
  let db: Database;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'im-outbox-kill-'));
  const env: Record<string, string> = {
    INIT_ADMIN_EMAIL: 'admin@outboxkill.test',
    INIT_ADMIN_PASSWORD: 'Beheer123',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    GEOCODER: 'none',
  };

  beforeAll(async () => {
    env.DATABASE_URL = await createTestDatabase();
    db = new Database(new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 }), APP_ROLE);
  });
  afterAll(async () => {
    killAllChildServers();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes every note and photo exactly once', { timeout: 240_000 }, async () => {
    const email = 'veld@outboxkill.test';
    await db.platform(async (tx) => {
      const companyId = await createCompany(tx, { name: 'Buiten Bereik BV', modules: [...MODULE_TAGS] });
      await createUser(tx, {
        companyId,
        name: 'Vera',
        surname: 'Veld',
        email,
        password: TEST_PASSWORD,
        role: 1000,
        userType: 'standard',
      });
    });
    const first = await startChildServer(env);
    const token = (
      await first.api('POST', '/api/authenticate', undefined, { email, password: TEST_PASSWORD })
    ).body.token as string;
    const relation = await first.api('POST', '/api/relation', token, {
      surname: 'Dakman',
      createnewflow: true,
    });
    const flowId = relation.body.flows[0].id as number;
    const bytes = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#58a' } })
      .jpeg()
      .toBuffer();

    // 60 changes, a photo after every few notes, as a day on roofs leaves them.
    const changes: Change[] = Array.from({ length: 60 }, (_, i) => ({
      key: randomUUID(),
      kind: i % 4 === 3 ? 'picture' : 'note',
      content: `Wijziging ${i + 1}`,
    }));
    const send = (server: ChildServer, change: Change) => {
      const headers = { authorization: `Bearer ${token}`, [IDEMPOTENCY_KEY_HEADER]: change.key };
      if (change.kind === 'note') {
        return fetch(`${server.baseUrl}/api/note`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ flow_id: flowId, content: change.content }),
        });
      }
      const form = new FormData();
      form.append('flow_id', String(flowId));
      form.append('file', new Blob([new Uint8Array(bytes)]), `${change.content}.jpg`);
      return fetch(`${server.baseUrl}/api/picture`, { method: 'POST', headers, body: form });
    };

    // The device sends oldest first, two at a time; the server is killed once a third has been answered.
    const answered = new Set<string>();
    const replay = async (server: ChildServer, stopAfter: number) => {
      const queue = changes.filter((c) => !answered.has(c.key));
      const lane = async () => {
        for (let change = queue.shift(); change; change = queue.shift()) {
          const res = await send(server, change);
          expect(res.status).toBe(201);
          answered.add(change.key);
          if (answered.size >= stopAfter) return;
        }
      };
      await Promise.all([lane(), lane()]);
    };
    const cut = replay(first, changes.length).catch(() => 'cut');
    for (const end = Date.now() + 60_000; answered.size < 20 && Date.now() < end; )
      await new Promise((r) => setTimeout(r, 20));
    await first.kill();
    expect(await cut).toBe('cut');
    const beforeRestart = answered.size;
    expect(beforeRestart).toBeGreaterThanOrEqual(20);
    expect(beforeRestart).toBeLessThan(changes.length);

    // After the restart the device sends what it has no answer for; the lost answers it sends again too.
    const second = await startChildServer(env);
    await replay(second, changes.length);
    expect(answered.size).toBe(changes.length);
    for (const change of changes.slice(0, 10)) expect((await send(second, change)).status).toBe(201);

    const counts = await db.platform((tx) =>
      tx.execute<{ notes: string; pictures: string; keys: string; made: string }>(sql`select
        (select count(*) from note where flow_id = ${flowId}) as notes,
        (select count(*) from picture where flow_id = ${flowId}) as pictures,
        (select count(*) from request_once) as keys,
        (select count(distinct (scope, resource_id)) from request_once where resource_id is not null) as made`),
    );
    expect(counts.rows[0]).toEqual({ notes: '45', pictures: '15', keys: '60', made: '60' });
    await second.kill();
  });
});
