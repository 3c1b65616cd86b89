/**
 * Pictures benchmark (npm run bench:pictures): the real server in-process. One intake with 300 photos
 * (~1 MB JPEGs written straight to storage, with their rows) among 20,000 other pictures of the company.
 * Measures GET api/picture?intake_id= over 200 requests (target p95 < 100 ms, wall clock and
 * Server-Timing) and streams POST api/intake/{id}/downloadallpictures (~300 MB) while sampling the
 * process RSS: the zip must stream with flat memory (peak growth < 50 MB). Also times three real
 * uploads through POST api/picture (decode, orientation, re-encode, thumbnail). DATABASE_URL: that
 * PostgreSQL (database `im_bench_pictures`); otherwise an embedded one in a temporary directory.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';
import { BENCH_PASSWORD, benchLogin, listen, log, percentile, startBenchServer } from './bench-kit';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 300);
const OTHER_PICTURES = 20_000;
const LIST_RUNS = 200;
const LIST_TARGET_MS = 100;
const RSS_GROWTH_TARGET_MB = 50;
const EMAIL = `bench-pictures-${Date.now()}@bench.local`;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const mb = (bytes: number) => bytes / 1024 / 1024;

/** A ~1 MB photo-like JPEG (noise does not compress). */
async function photoOfAboutOneMb(): Promise<Buffer> {
  const [w, h] = [680, 520];
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** The end of a ZIP: the number of entries in its end-of-central-directory record. */
function zipEntryCount(tail: Buffer): number | null {
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) return tail.readUInt16LE(i + 10);
  }
  return null;
}

async function main(): Promise<void> {
  const { db, server } = await startBenchServer('im_bench_pictures');
  const dataDir = server.deps.config.DATA_DIR;
  let failed = 0;
  try {
    const { createCompany } = await import('../src/features/companies/create-company');
    const { createUser } = await import('../src/features/users/create-user');
    const companyId = await server.deps.db.platform((tx) =>
      createCompany(tx, { name: 'Bench Foto BV', modules: ['BASIS', 'CRM', 'SETTINGS'] }),
    );
    await server.deps.db.platform((tx) =>
      createUser(tx, {
        companyId,
        name: 'Bench',
        surname: 'Fotograaf',
        email: EMAIL,
        password: BENCH_PASSWORD,
        role: 1000,
        userType: 'standard',
      }),
    );
    const base = await listen(server);
    const token = await benchLogin(base, EMAIL);
    const auth = { authorization: `Bearer ${token}` };
    const relation = await fetch(`${base}/api/relation`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ surname: 'Fotoklant', createnewflow: true }),
    });
    const flowId = ((await relation.json()) as { flow_id: number }).flow_id;

    // ---------------------------------------------------------------- data
    let t = Date.now();
    const photo = await photoOfAboutOneMb();
    const thumb = await sharp(photo).resize({ width: 400 }).jpeg().toBuffer();
    const prefix = `pictures/${companyId}`;
    await server.deps.storage.put(`${prefix}/bench-thumb.jpg`, Readable.from([thumb]));
    for (let i = 1; i <= PHOTOS; i++)
      await server.deps.storage.put(`${prefix}/bench-${i}.jpg`, Readable.from([photo]));
    log(`wrote ${PHOTOS} photos of ${mb(photo.length).toFixed(2)} MB to storage (${Date.now() - t} ms)`);

    t = Date.now();
    const client = await server.deps.db.pool.connect();
    try {
      const intakes = await client.query<{ id: number }>(
        `insert into intake (company_id, flow_id, number, status)
         select $1::int, $2::int, n, 'planned' from generate_series(1, 101) n returning id`,
        [companyId, flowId],
      );
      const [target, ...others] = intakes.rows.map((r) => r.id);
      // The other intakes' pictures first (older rows), then the intake under test.
      await client.query(
        `insert into picture (company_id, flow_id, intake_id, storage_key, thumbnail_key, filename, mime_type,
           size, width, height, created_at)
         select $1::int, $2::int, ($3::int[])[1 + n % array_length($3::int[], 1)],
           $4 || '/bench-' || (1 + n % $5::int) || '.jpg', $4 || '/bench-thumb.jpg', 'IMG_' || n || '.jpg',
           'image/jpeg', $6::int, 680, 520, now() - interval '1 day' + n * interval '1 second'
         from generate_series(1, $7::int) n`,
        [companyId, flowId, others, prefix, PHOTOS, photo.length, OTHER_PICTURES],
      );
      await client.query(
        `insert into picture (company_id, flow_id, intake_id, storage_key, thumbnail_key, filename, mime_type,
           size, width, height, created_at)
         select $1::int, $2::int, $3::int, $4 || '/bench-' || n || '.jpg', $4 || '/bench-thumb.jpg',
           'IMG_' || n || '.jpg', 'image/jpeg', $5::int, 680, 520, now() + n * interval '1 millisecond'
         from generate_series(1, $6::int) n`,
        [companyId, flowId, target, prefix, photo.length, PHOTOS],
      );
      await client.query('vacuum analyze picture');
      log(
        `inserted ${OTHER_PICTURES + PHOTOS} picture rows, intake ${target} has ${PHOTOS} (${Date.now() - t} ms)`,
      );

      // ---------------------------------------------------------------- real uploads (information)
      for (let i = 0; i < 3; i++) {
        const [w, h] = [4032, 3024];
        const big = await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
          .jpeg({ quality: 85 })
          .withMetadata({ orientation: 6 })
          .toBuffer();
        const body = new FormData();
        body.append('intake_id', String(others[0]));
        body.append('file', new Blob([new Uint8Array(big)]), `IMG_${i}.jpg`);
        const started = performance.now();
        const res = await fetch(`${base}/api/picture`, { method: 'POST', headers: auth, body });
        const took = performance.now() - started;
        if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
        log(
          `upload of a 12 MP phone photo (${mb(big.length).toFixed(1)} MB, orientation 6): ${took.toFixed(0)} ms`,
        );
      }

      // ---------------------------------------------------------------- list
      const url = `${base}/api/picture?intake_id=${target}`;
      const wall: number[] = [];
      const serverMs: number[] = [];
      let count = 0;
      for (let i = 0; i < 10; i++) await (await fetch(url, { headers: auth })).arrayBuffer(); // warm-up
      for (let i = 0; i < LIST_RUNS; i++) {
        const started = performance.now();
        const res = await fetch(url, { headers: auth });
        const list = (await res.json()) as unknown[];
        wall.push(performance.now() - started);
        serverMs.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN));
        count = list.length;
      }
      wall.sort((x, y) => x - y);
      serverMs.sort((x, y) => x - y);
      const p95 = percentile(wall, 95);
      const listPass = count === PHOTOS && p95 < LIST_TARGET_MS;
      if (!listPass) failed++;
      log(
        `${listPass ? 'PASS' : 'FAIL'} list ${count} photos of an intake: p50 ${percentile(wall, 50).toFixed(1)} ms, ` +
          `p95 ${p95.toFixed(1)} ms, max ${wall.at(-1)!.toFixed(1)} ms wall clock ` +
          `(server p50 ${percentile(serverMs, 50).toFixed(1)}, p95 ${percentile(serverMs, 95).toFixed(1)} ms; ` +
          `n ${LIST_RUNS}; target p95 < ${LIST_TARGET_MS} ms)`,
      );

      // ---------------------------------------------------------------- zip
      gc();
      await new Promise((r) => setTimeout(r, 200));
      gc();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      const res = await fetch(`${base}/api/intake/${target}/downloadallpictures`, {
        method: 'POST',
        headers: auth,
      });
      if (res.status !== 200 || !res.body) throw new Error(`zip failed: ${res.status}`);
      let bytes = 0;
      let tail = Buffer.alloc(0);
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        tail = Buffer.concat([tail, chunk]);
        if (tail.length > 128 * 1024) tail = tail.subarray(tail.length - 64 * 1024);
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const after = process.memoryUsage().rss;
      const entries = zipEntryCount(tail);
      const growth = mb(peak - before);
      const zipPass = entries === PHOTOS && growth < RSS_GROWTH_TARGET_MB;
      if (!zipPass) failed++;
      log(
        `${zipPass ? 'PASS' : 'FAIL'} zip of ${entries} photos (${res.headers.get('x-filename')}): ${mb(bytes).toFixed(0)} MB in ` +
          `${seconds.toFixed(1)} s (${(mb(bytes) / seconds).toFixed(0)} MB/s); RSS before ${mb(before).toFixed(0)} MB, ` +
          `peak ${mb(peak).toFixed(0)} MB (+${growth.toFixed(1)} MB), after ${mb(after).toFixed(0)} MB ` +
          `(target: flat, peak growth < ${RSS_GROWTH_TARGET_MB} MB)`,
      );
    } finally {
      client.release();
    }
    log(`${2 - failed} passed, ${failed} failed`);
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await server.close();
    await db.embedded?.stop();
    db.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
