import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, SCREENSHOT_DIR, startApp } from './harness';
import { openBoard } from './pipeline-helpers';

// Decision 067: the pipeline cards show the KPI values of their calculation, and a user with the 'portal'
// flag opens the environment's portal from the side menu with a short-lived token (never the session's).

const SANNE = 'sanne@zonnestroom-noord.nl';
const COMPANY = 'Zonnestroom Noord B.V.';

let app: E2eApp;
let portal: http.Server;
const portalHits: string[] = [];
let flowId: number;

beforeAll(async () => {
  // A stand-in portal: answers a page and keeps the addresses it was opened with.
  portal = http.createServer((req, res) => {
    portalHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Portaal</title><h1>Portaal geopend</h1>');
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  const port = (portal.address() as AddressInfo).port;
  app = await startApp({
    env: {
      PORTAL_URL: `http://127.0.0.1:${port}/portaal`,
      PORTAL_TOKEN_SECRET: 'e2e-portal-secret-of-at-least-32-characters',
    },
  });
  // The company's KPI 1: its products with a KPI value (the panels, in Wp); one dossier's calculation with
  // 12 panels, on top of the lead column.
  const [picked] = await app.sql<{ flow_id: number; company_id: number; product_id: number }>(
    `select f.id as flow_id, f.company_id, p.id as product_id from flow f
     join company c on c.id = f.company_id and c.name = $1
     join product p on p.company_id = c.id and p.deleted_at is null and p.kpi_value is not null
     where f.deleted_at is null and f.flow_status = 'new'
       and not exists (select 1 from calculation k where k.flow_id = f.id)
     order by f.id, p.id limit 1`,
    [COMPANY],
  );
  if (!picked) throw new Error('the demo has no lead and KPI product to show');
  flowId = picked.flow_id;
  await app.sql(
    `update company_settings s set kpi_products = (select jsonb_agg(id order by id) from product
       where company_id = s.company_id and deleted_at is null and kpi_value is not null)
     where s.company_id = $1`,
    [picked.company_id],
  );
  await app.sql(
    `with c as (insert into calculation (company_id, flow_id, hash, columns, rows)
       values ($1, $2, md5(random()::text), '[]', '[]') returning id)
     insert into calculation_item (company_id, calculation_id, item_type, product_id, item_name, product_amount, hash)
     select $1, c.id, 'product', $3, 'Zonnepaneel', 12, md5(random()::text) from c`,
    [picked.company_id, picked.flow_id, picked.product_id],
  );
  await app.sql(`update flow set updated_at = now() + interval '1 hour' where id = $1`, [flowId]);
  await app.sql(`update "user" set experimental_feature_flags = '["portal"]' where email = $1`, [SANNE]);
});
afterAll(async () => {
  await app?.stop();
  portal?.close();
});

describe('KPI values on the pipeline cards', () => {
  for (const device of [
    { name: 'desk', width: 1280, height: 800, touch: false },
    { name: 'phone', width: 390, height: 844, touch: true },
  ]) {
    it(`shows the dossier's Wp on its card (${device.name})`, async () => {
      const page = await app.newPage(device);
      await openBoard(page, app.baseUrl, SANNE);
      const card = page.locator(`[data-column="new"] [data-lead-id="${flowId}"]`);
      const kpis = card.locator('[title^="KPI-waarden"]');
      await kpis.waitFor();
      expect(await kpis.textContent()).toMatch(/^\d{1,3}(\.\d{3})* Wp$/);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/pipeline/kpi-${device.name}.png` });
      await page.context().close();
    });
  }
});

describe('the portal link in the side menu', () => {
  for (const device of [
    { name: 'desk', width: 1280, height: 800, touch: false },
    { name: 'phone', width: 390, height: 844, touch: true },
  ]) {
    it(`opens the portal with a portal token, not the session (${device.name})`, async () => {
      const page = await app.newPage(device);
      await openBoard(page, app.baseUrl, SANNE);
      if (device.touch) await page.getByRole('button', { name: 'Menu openen' }).click();
      const link = page.getByRole('button', { name: /Portaal/ });
      await link.waitFor();
      // The phone's menu slides in: the picture once it is in place.
      await expect.poll(async () => (await link.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/menu/portal-link-${device.name}.png` });
      const before = portalHits.length;
      const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await tab.getByText('Portaal geopend').waitFor();
      const opened = new URL(tab.url());
      expect(opened.pathname).toBe('/portaal');
      const token = opened.searchParams.get('token') ?? '';
      expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      const session = await page.evaluate(
        () => JSON.stringify(localStorage) + JSON.stringify(sessionStorage),
      );
      for (const part of token.split('.')) if (part.length > 8) expect(session).not.toContain(part);
      expect(portalHits.slice(before).some((hit) => hit.includes(`token=${token}`))).toBe(true);
      await page.context().close();
    });
  }
});
