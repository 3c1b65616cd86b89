// A server killed while Exact Online books an invoice (decision 065): the package booked it, the server never
// heard back. After the restart the push is taken up again, the package is asked first, and the invoice stays
// booked once.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODULE_TAGS } from '@im/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAllChildServers, startChildServer } from '../../../test/child-server';
import { type FakeExact, startFakeExact } from '../../../test/fake-exact';
import { createTestDatabase, TEST_PASSWORD } from '../../../test/test-server';
import { APP_ROLE, Database } from '../../platform/db/database';
import { accountingSettings, integrationConnection } from '../../platform/db/tables/integrations.schema';
import { SecretBox } from '../../platform/integrations/secret-box';
import { createCompany } from '../companies/create-company';
import { createUser } from '../users/create-user';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a server killed while the package books an invoice', () => {
  let db: Database;
  let exact: FakeExact;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'im-accounting-kill-'));
  const key = randomBytes(32).toString('base64');
  const env: Record<string, string> = {
    INIT_ADMIN_EMAIL: 'admin@boekkill.test',
    INIT_ADMIN_PASSWORD: 'Beheer123',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    GEOCODER: 'none',
    INTEGRATION_SECRET_KEY: key,
  };

  beforeAll(async () => {
    exact = await startFakeExact();
    Object.assign(env, exact.env);
    env.DATABASE_URL = await createTestDatabase();
    db = new Database(new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 }), APP_ROLE);
  });
  afterAll(async () => {
    killAllChildServers();
    await db?.close();
    await exact?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('books the invoice once after the restart', { timeout: 240_000 }, async () => {
    const first = await startChildServer(env);
    const email = 'beheer@boekkill.test';
    const companyId = await db.platform(async (tx) => {
      const id = await createCompany(tx, { name: 'Boeken Na Een Crash BV', modules: [...MODULE_TAGS] });
      await createUser(tx, {
        companyId: id,
        name: 'Bo',
        surname: 'Ekhouder',
        email,
        password: TEST_PASSWORD,
        role: 1000,
        userType: 'standard',
      });
      return id;
    });
    // Linked as a consent would have left it: tokens sealed with the server's key.
    const box = new SecretBox(Buffer.from(key, 'base64'));
    const tokens = exact.issueTokens();
    await db.tenant({ companyId }, async (tx) => {
      await tx.insert(integrationConnection).values({
        service: 'exact',
        accountLabel: 'Test',
        accessTokenEnc: box.seal(tokens.access_token),
        refreshTokenEnc: box.seal(tokens.refresh_token),
        tokenExpiresAt: new Date(Date.now() + 600_000),
        state: { currentDivision: String(exact.division) },
      });
      await tx
        .insert(accountingSettings)
        .values({ journal: '70', glReference: '8000', vatCodeHigh: '2', division: String(exact.division) });
    });

    const login = await first.api('POST', '/api/authenticate', undefined, { email, password: TEST_PASSWORD });
    const token = login.body.token as string;
    const call = async (server: typeof first, method: string, url: string, body?: unknown) => {
      const res = await server.api(method, url, token, body);
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const rel = await call(first, 'POST', '/api/relation', {
      surname: 'Crashklant',
      email: 'crash@voorbeeld.nl',
      createnewflow: true,
    });
    const conf = await call(first, 'POST', '/api/confirmation', {
      flow_id: rel.flows[0].id,
      title: 'Warmtepomp',
    });
    await call(first, 'POST', '/api/calculationitem', {
      calculation_id: conf.calculation_id,
      item_name: 'Warmtepomp',
      unit_rate_exc_manual: '8000',
      percentage_vat_21: 100,
    });
    const inv = await call(first, 'POST', `/api/confirmation/${conf.id}/createinvoicefromconfirmation`, {});

    // The package books, and the answer never comes: the server is killed while waiting for it.
    exact.hangAfterBooking(true);
    await call(first, 'POST', `/api/invoice/${inv.id}/sendemail`, { dontsentbutmarksent: 1 });
    for (const end = Date.now() + 60_000; exact.entries.length === 0 && Date.now() < end; ) await sleep(100);
    expect(exact.entries).toHaveLength(1);
    await first.kill();
    exact.hangAfterBooking(false);

    const second = await startChildServer(env);
    const status = async () =>
      (
        await db.platform((tx) =>
          tx.execute<{ status: string; external_number: string | null }>(
            sql`select status, external_number from accounting_push where document_id = ${inv.id}`,
          ),
        )
      ).rows[0];
    for (const end = Date.now() + 180_000; (await status())?.status !== 'booked' && Date.now() < end; )
      await sleep(500);
    expect(await status()).toEqual({
      status: 'booked',
      external_number: String(exact.entries[0]!.EntryNumber),
    });
    expect(exact.entries).toHaveLength(1);
    await second.kill();
  });
});
