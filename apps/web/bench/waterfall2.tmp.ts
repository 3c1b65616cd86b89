import { startApp } from '../e2e/harness';
const app = await startApp();
try {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 });
  const t0 = Date.now();
  const log: string[] = [];
  const sizes = new Map<string, number>();
  page.on('request', (r) => log.push(`${String(Date.now() - t0).padStart(5)} start ${r.url().replace(app.baseUrl, '')}`));
  page.on('requestfinished', async (r) => { const s = await r.sizes().catch(() => null); log.push(`${String(Date.now() - t0).padStart(5)} end   ${r.url().replace(app.baseUrl, '')} ${s ? s.responseBodySize : ''}`); });
  await page.goto(`${app.baseUrl}/#/login`, { waitUntil: 'commit' });
  await page.getByLabel('E-mailadres').waitFor({ state: 'visible', timeout: 60_000 });
  log.push(`${String(Date.now() - t0).padStart(5)} LOGIN USABLE`);
  await page.getByLabel('E-mailadres').fill('sanne@zonnestroom-noord.nl');
  await page.getByLabel(/^Wachtwoord/).fill('Welkom123');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  log.push(`${String(Date.now() - t0).padStart(5)} SUBMIT`);
  await page.getByText('Welkom, Sanne').first().waitFor({ timeout: 60_000 });
  log.push(`${String(Date.now() - t0).padStart(5)} DASHBOARD`);
  await page.waitForTimeout(300);
  console.log(log.join('\n'));
  await context.close();
} finally { await app.stop(); }
