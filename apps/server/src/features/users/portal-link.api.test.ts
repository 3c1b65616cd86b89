import { PORTAL_TEXTS, PORTAL_TOKEN_SECONDS, zPortalLink } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { signPortalToken, verifyPortalToken } from '../../platform/auth/portal-token';

const SECRET = 'portal-test-secret-of-at-least-32-characters';
const PORTAL = 'https://portal.test.example/start?lang=nl';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };

const flag = (userId: number, flags: string[]) =>
  t.server.deps.db.platform((tx) =>
    tx.execute(
      sql`update "user" set experimental_feature_flags = ${JSON.stringify(flags)}::jsonb where id = ${userId}`,
    ),
  );
const link = (token: string) => t.api('POST', '/api/user/portaltoken', { token });

beforeAll(async () => {
  t = await startTestServer({ work: false, config: { PORTAL_URL: PORTAL, PORTAL_TOKEN_SECRET: SECRET } });
  a = await createSalesCompany(t, { name: 'Portaal A' });
  b = await createSalesCompany(t, { name: 'Portaal B' });
});
afterAll(async () => t?.close());

describe('the portal link (decision 067)', () => {
  it('needs a login and the experimental feature flag', async () => {
    expect((await t.api('POST', '/api/user/portaltoken')).status).toBe(401);
    const refused = await link(a.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PORTAL_TEXTS.notEnabled);
    await flag(a.userId, ['iets anders']);
    expect((await link(a.token)).status).toBe(403);
  });

  it('answers the portal URL with a 5-minute token signed for this user and company, not the session token', async () => {
    await flag(a.userId, ['portal']);
    const before = Date.now();
    const res = await link(a.token);
    expect(res.status).toBe(200);
    expect(zPortalLink.strict().safeParse(res.body).success).toBe(true);
    const { url, token, expires_at } = res.body as { url: string; token: string; expires_at: string };
    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const opened = new URL(url);
    expect(`${opened.origin}${opened.pathname}`).toBe('https://portal.test.example/start');
    expect(opened.searchParams.get('lang')).toBe('nl');
    expect(opened.searchParams.get('token')).toBe(token);
    expect(url).not.toContain(a.token);
    expect(token).not.toContain(a.token);

    const claims = verifyPortalToken(SECRET, token);
    expect(claims).toMatchObject({ purpose: 'portal', user_id: a.userId, company_id: a.companyId });
    expect(claims!.exp - claims!.iat).toBe(PORTAL_TOKEN_SECONDS);
    const expires = new Date(expires_at).getTime();
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + PORTAL_TOKEN_SECONDS * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + PORTAL_TOKEN_SECONDS * 1000);

    // Each click a fresh token; the session itself is untouched.
    expect((await link(a.token)).status).toBe(200);
    expect((await t.api('GET', '/api/user/getcurrentuser', { token: a.token })).status).toBe(200);
  });

  it('expires after 5 minutes and holds only under its own secret, purpose and claims', async () => {
    const now = Date.now();
    const { token } = signPortalToken(SECRET, { userId: a.userId, companyId: a.companyId }, now);
    expect(verifyPortalToken(SECRET, token, now + PORTAL_TOKEN_SECONDS * 1000 - 1000)).not.toBeNull();
    expect(verifyPortalToken(SECRET, token, now + PORTAL_TOKEN_SECONDS * 1000 + 1000)).toBeNull();
    expect(verifyPortalToken('another-secret-of-at-least-32-characters!!', token, now)).toBeNull();
    const [v, claims, sig] = token.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(claims, 'base64url').toString());
    for (const change of [{ company_id: b.companyId }, { user_id: b.userId }, { purpose: 'login' }]) {
      const body = Buffer.from(JSON.stringify({ ...forged, ...change })).toString('base64url');
      expect(verifyPortalToken(SECRET, `${v}.${body}.${sig}`, now)).toBeNull();
    }
    expect(verifyPortalToken(SECRET, 'v1.abc', now)).toBeNull();
    expect(verifyPortalToken(SECRET, `v2.${claims}.${sig}`, now)).toBeNull();
  });

  it("names each session's own company: another company's user gets a token of theirs", async () => {
    await flag(b.userId, ['portal']);
    const res = await link(b.token);
    expect(res.status).toBe(200);
    expect(verifyPortalToken(SECRET, res.body.token)).toMatchObject({
      user_id: b.userId,
      company_id: b.companyId,
    });
    const mine = await link(a.token);
    expect(verifyPortalToken(SECRET, mine.body.token)).toMatchObject({ company_id: a.companyId });
  });

  it('says so in Dutch when this environment has no portal', async () => {
    const config = t.server.deps.config as { PORTAL_URL?: string };
    const saved = config.PORTAL_URL;
    config.PORTAL_URL = undefined;
    try {
      const res = await link(a.token);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(PORTAL_TEXTS.notConfigured);
    } finally {
      config.PORTAL_URL = saved;
    }
  });
});
