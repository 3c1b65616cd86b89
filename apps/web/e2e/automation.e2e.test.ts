import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, loginAs, seriousA11yViolations } from './admin-helpers';
import { DEMO_PASSWORD, type E2eApp, SCREENSHOT_DIR, startApp } from './harness';

// The whole chain of issue 16 with a real browser as the customer: a quote request posted from the
// installer's own website (a plain HTML form on another origin) becomes a relation and a flow; the
// website trigger's rule sends the flow to a webhook receiver this test runs, signed with the
// connection's key; staff see the new flow and, on its Workflow card, why the rule ran.

const SANNE = 'sanne@zonnestroom-noord.nl';
const DIR = `${SCREENSHOT_DIR}/automation`;

let app: E2eApp;
let receiver: Server;
let port = 0;
let formHtml = '';
const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/offerte') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(formHtml);
        return;
      }
      hooks.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ontvangen');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  // Deliveries to the test's own loopback receiver; every other internal address stays refused.
  app = await startApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
});
afterAll(async () => {
  await app?.stop();
  receiver?.close();
});

describe('website lead to signed webhook', () => {
  it('a form posted on the website becomes a flow whose rule posts it, signed, to the webhook', async () => {
    const page = await loginAs(app, SANNE, DEMO_PASSWORD, /#\/dashboard/);
    const sites = await callApi<{ body: { name: string; status: string; endpoint_url: string }[] }>(
      page,
      'GET',
      '/api/website',
    );
    const site = sites.body.find((w) => w.name === 'Offerteaanvraag zonnepanelen' && w.status === 'live');
    expect(site).toBeTruthy();
    const connection = await callApi<{ status: number; body: { id: number } }>(
      page,
      'POST',
      '/api/webhookconnection',
      {
        name: 'Ontvanger (e2e)',
        url: `http://127.0.0.1:${port}/hook`,
        body_tags: [
          { fieldkey: 'dossier', fieldvalue: '{{ dossier.nummer }}', example: '1', nullvalue: '' },
          { fieldkey: 'klant', fieldvalue: '{{ relatie.naam }}', example: 'Jan', nullvalue: '' },
        ],
      },
    );
    expect(connection.status).toBe(201);
    const rule = await callApi<{ status: number }>(page, 'POST', '/api/eventtriggerrule', {
      event_trigger_tag: 'flow_created_website',
      type: 'send_webhook',
      morph_id: connection.body.id,
      description: 'Websiteaanvraag naar het CRM (e2e)',
    });
    expect(rule.status).toBe(201);

    // The customer on the installer's website: a plain form that posts to the website's address.
    formHtml = `<!doctype html><html lang="nl"><title>Offerte aanvragen</title><body>
      <form method="post" action="${app.baseUrl}${site!.endpoint_url}">
        <label>Naam <input name="naam" value="Ineke Postma-e2e"></label>
        <label>E-mail <input name="email" value="ineke.postma.e2e@voorbeeld.nl"></label>
        <label>Telefoon <input name="telefoon" value="0612345678"></label>
        <label>Postcode <input name="postcode" value="9711 AB"></label>
        <label>Huisnummer <input name="huisnummer" value="12"></label>
        <label>Opmerking <textarea name="opmerking">Zuid-dak, 14 panelen graag</textarea></label>
        <button type="submit">Versturen</button>
      </form></body></html>`;
    const visitor = await app.newPage();
    await visitor.goto(`http://127.0.0.1:${port}/offerte`);
    await visitor.getByRole('button', { name: 'Versturen' }).click();
    await expect
      .poll(() => visitor.content(), { timeout: 20_000 })
      .toContain('Bedankt! Uw aanvraag is ontvangen.');
    await visitor.context().close();

    // The rule's delivery arrives, signed with the connection's key over "timestamp.body".
    await expect
      .poll(() => hooks.filter((h) => h.body.includes('Ineke Postma-e2e')).length, { timeout: 30_000 })
      .toBe(1);
    const hit = hooks.find((h) => h.body.includes('Ineke Postma-e2e'))!;
    const detail = await callApi<{ body: { secret: string } }>(
      page,
      'GET',
      `/api/webhookconnection/${connection.body.id}`,
    );
    const timestamp = String(hit.headers['x-webhook-timestamp']);
    expect(hit.headers['x-webhook-signature']).toBe(
      `sha256=${createHmac('sha256', detail.body.secret).update(`${timestamp}.${hit.body}`).digest('hex')}`,
    );
    const payload = JSON.parse(hit.body) as { dossier: string; klant: string };
    expect(payload.klant).toBe('Ineke Postma-e2e');

    // Staff find the new flow and see why the rule ran.
    const flows = await callApi<{ body: { data: { id: number; number: number }[] } }>(
      page,
      'GET',
      '/api/flow/querypaginated?query=Postma-e2e&limit=5',
    );
    const flow = flows.body.data.find((f) => String(f.number) === String(payload.dossier));
    expect(flow).toBeTruthy();
    await page.goto(`${app.baseUrl}/#/flow_detail/${flow!.id}`);
    const card = page.getByRole('region', { name: 'Workflow' });
    await card.waitFor({ timeout: 20_000 });
    await card.getByText('Websiteaanvraag naar het CRM (e2e)').first().waitFor({ timeout: 20_000 });
    await card.getByText('Uitgevoerd').first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${DIR}/flow-why-log.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
