// `npm run bench:outbox`: how long a phone's outbox takes to reach the server on slow 4G (issue 47: 200
// changes with 50 photos in under a minute). Chromium at 390 px with touch, logged in as the demo's Sanne.
// Offline, 50 photos are added to an intake form's photo field through the app's own 'Foto toevoegen' (each
// made upright and small on the device, decision 069), and 150 notes wait in the outbox beside them (put
// there in the outbox's own format: typing 150 notes is not what is measured). Then the connection comes
// back as slow 4G (1.6 Mbit/s down, 750 kbit/s up, 150 ms) and the clock runs until the server has all 200
// and the shell's waiting notice is gone. Writes docs/benchmarks/outbox.md with `--write`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOTE_BATCH_MAX, OFFLINE_PHOTO_MAX_SIDE } from '@im/domain';
import sharp from 'sharp';
import { DEMO_PASSWORD, login, startApp } from '../e2e/harness';
import { finishReport, measuredOn } from './page-load';

const PHOTOS = Number(process.env.PHOTOS ?? 50);
const NOTES = Number(process.env.NOTES ?? 150);
const TARGET_MS = 60_000;
const SLOW_4G = { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (0.75e6 / 8) | 0 };

/** A phone photo's worth of detail: 4000 × 3000 with texture (blurred noise), not a flat colour. */
async function phonePhoto(i: number): Promise<Buffer> {
  return sharp({
    create: {
      width: Number(process.env.PHOTO_WIDTH ?? 4000),
      height: Math.round(Number(process.env.PHOTO_WIDTH ?? 4000) * 0.75),
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 120 + (i % 40), sigma: 40 },
    },
  })
    .blur(2.5)
    .jpeg({ quality: 90 })
    .toBuffer();
}

const app = await startApp();
let report = '';
let within = false;
try {
  const context = await app.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'nl-NL',
    // The installed app, as on the phone (the worker does not take API calls: slow 4G reaches them).
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
  const call = (path: string) =>
    page.evaluate(async (url) => {
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${localStorage.getItem('im.token')}` },
      });
      return res.json();
    }, path);
  // The demo's solar intake form and its photo field.
  const intakes = (await call('/api/intake/querypaginated?limit=50')) as { data: { id: number }[] };
  let target: { intakeId: number; flowId: number; itemId: number; verticalId: number } | null = null;
  for (const { id } of intakes.data) {
    const detail = (await call(`/api/intake/${id}`)) as {
      flow_id: number;
      flowdataitems: { id: number; vertical_id: number; vertical: { name: string } }[];
    };
    const item = detail.flowdataitems.find((i) => i.vertical.name === 'Opname zonnepanelen');
    if (item)
      target = { intakeId: id, flowId: detail.flow_id, itemId: item.id, verticalId: item.vertical_id };
    if (target) break;
  }
  if (!target) throw new Error('no demo intake with the solar form');
  const before = {
    photos: ((await call(`/api/picture?flow_data_item_id=${target.itemId}`)) as unknown[]).length,
    notes: ((await call(`/api/note?flow_id=${target.flowId}`)) as unknown[]).length,
  };
  const session = (await call('/api/user/getcurrentuser')) as {
    currentcompany_id: number;
    currentuser_id: number;
  };

  await page.goto(`${app.baseUrl}/#/intake_detail/${target.intakeId}?formId=${target.verticalId}`);
  const form = page.getByRole('region', { name: 'Opname zonnepanelen' });
  await form.getByRole('button', { name: 'Foto toevoegen' }).first().waitFor();
  await context.setOffline(true);

  // Written to files: the browser takes them from disk, as a phone's gallery gives them.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'im-outbox-bench-'));
  const photos: string[] = [];
  let originalBytes = 0;
  for (let i = 0; i < PHOTOS; i++) {
    const buffer = await phonePhoto(i);
    originalBytes += buffer.length;
    const file = path.join(dir, `dak-${i + 1}.jpg`);
    writeFileSync(file, buffer);
    photos.push(file);
  }
  console.log(`${PHOTOS} photos made (${(originalBytes / 1024 / 1024).toFixed(1)} MB); adding them offline`);
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Foto toevoegen' }).first().tap();
  await (await chooser).setFiles(photos);
  // Every photo kept (the field's own gallery; the intake's photo card shows them too).
  await form
    .getByTestId('waiting-photo')
    .nth(PHOTOS - 1)
    .waitFor({ timeout: 600_000 });
  // 150 notes beside them, in the outbox's own format, made after the photos.
  const keptBytes = await page.evaluate(
    async ({ notes, flowId, owner }) => {
      const open = indexedDB.open('im-outbox', 1);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('items', 'readwrite');
      const store = tx.objectStore('items');
      const start = Date.now();
      for (let i = 0; i < notes; i++)
        store.put({
          key: crypto.randomUUID(),
          owner,
          kind: 'note',
          path: '/api/note',
          body: { flow_id: flowId, content: `Notitie ${i + 1} van het dak` },
          at: start + i,
        });
      await new Promise((resolve) => {
        tx.oncomplete = resolve;
      });
      const read = db.transaction('items').objectStore('items').getAll();
      const all = await new Promise<{ file?: { bytes: ArrayBuffer } }[]>((resolve) => {
        read.onsuccess = () => resolve(read.result);
      });
      return all.reduce((sum, item) => sum + (item.file?.bytes.byteLength ?? 0), 0);
    },
    { notes: NOTES, flowId: target.flowId, owner: `${session.currentcompany_id}:${session.currentuser_id}` },
  );

  // The connection comes back as slow 4G: the shell sends what waits, oldest first.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const startedAt = Date.now();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await context.setOffline(false);
  await page
    .getByText(/wachten op dit apparaat|worden verstuurd|wacht op dit apparaat|wordt verstuurd/)
    .first()
    .waitFor();
  await page
    .getByText(/wachten op dit apparaat|worden verstuurd|wacht op dit apparaat|wordt verstuurd/)
    .first()
    .waitFor({ state: 'detached', timeout: 600_000 });
  const ms = Date.now() - startedAt;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const after = {
    photos: ((await call(`/api/picture?flow_data_item_id=${target.itemId}`)) as unknown[]).length,
    notes: ((await call(`/api/note?flow_id=${target.flowId}`)) as unknown[]).length,
  };
  const arrived = after.photos - before.photos === PHOTOS && after.notes - before.notes === NOTES;
  within = arrived && ms <= TARGET_MS;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `replay of ${NOTES + PHOTOS}: ${ms} ms; photos ${mb(originalBytes)} taken, ${mb(keptBytes)} kept`,
  );
  report = `# Outbox replay on slow 4G

\`npm run bench:outbox\` (apps/web/bench/outbox-bench.ts): Chromium at 390 × 844 with touch, the demo's Sanne.
Offline, ${PHOTOS} photos (4000 × 3000 JPEG with texture, ${mb(originalBytes)} in all) are added to the solar intake
form's photo field through 'Foto toevoegen' (each made upright and at most ${OFFLINE_PHOTO_MAX_SIDE} px on the device, decisions 069 and
073: ${mb(keptBytes)} kept), and ${NOTES} notes wait in the outbox beside them (sent in batches of ${NOTE_BATCH_MAX}). The connection comes back as slow 4G
(1.6 Mbit/s down, 750 kbit/s up, 150 ms, DevTools protocol); timed from then until the shell's waiting notice is
gone. Then the server is asked: every photo and note arrived, none twice.

| measure | changes | time | target | arrived exactly once | within |
|---|---|---|---|---|---|
| outbox replay on slow 4G | ${NOTES} notes + ${PHOTOS} photos | ${(ms / 1000).toFixed(1)} s | ${TARGET_MS / 1000} s | ${arrived ? 'yes' : `no (${after.photos - before.photos} photos, ${after.notes - before.notes} notes)`} | ${within ? 'yes' : 'no'} |

${measuredOn()}
`;
  await context.close();
} finally {
  await app.stop();
}
finishReport(report, 'outbox.md', within);
