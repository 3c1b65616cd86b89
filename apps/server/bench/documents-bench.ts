/**
 * Documents benchmark (npm run bench:documents [-- --write]): the real server in-process with the warm
 * Chromium pool. Times the staff PDF download of a 3-page quotation with 40 lines and 2 pictures
 * (p50 < 250 ms, p95 < 800 ms), 20 concurrent downloads (all must succeed), the memory growth over
 * 1,000 renders (server and Chromium RSS < 50 MB), and the quotation detail with 500 lines
 * (API p95 < 100 ms, Server-Timing). DATABASE_URL: that PostgreSQL (database `im_bench_documents`);
 * otherwise an embedded one. BENCH_RENDERS changes the 1,000. --write stores docs/benchmarks/documents.md.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BENCH_PASSWORD,
  listen,
  log,
  percentile,
  runCase,
  serverVersion,
  startBenchServer,
} from './bench-kit';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RENDERS = Number(process.env.BENCH_RENDERS ?? 1000);
const EMAIL = 'bench-documents@bench.local';

interface BenchCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    fillStyle: unknown;
    fillRect(x: number, y: number, w: number, h: number): void;
    createLinearGradient(
      x0: number,
      y0: number,
      x1: number,
      y1: number,
    ): { addColorStop(at: number, color: string): void };
  };
  toDataURL(type: string, quality: number): string;
}

/** A photo-like JPEG (1600 x 1200, gradient with grain, quality 0.85), made by Chromium's canvas. */
async function photo(seed: number): Promise<Buffer> {
  const { chromium } = await import('playwright-core');
  const { findChromium } = await import('../src/platform/pdf/find-chromium');
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: ['--no-sandbox', '--headless'],
  });
  try {
    const page = await browser.newPage();
    const dataUrl = await page.evaluate((s) => {
      // Runs in the browser page.
      const c = (
        globalThis as unknown as { document: { createElement(t: 'canvas'): BenchCanvas } }
      ).document.createElement('canvas');
      c.width = 1600;
      c.height = 1200;
      const g = c.getContext('2d');
      const grad = g.createLinearGradient(0, 0, 1600, 1200);
      grad.addColorStop(0, s % 2 ? '#4a7ab8' : '#c8553d');
      grad.addColorStop(1, '#f2e8cf');
      g.fillStyle = grad;
      g.fillRect(0, 0, 1600, 1200);
      let x = s * 7919;
      for (let i = 0; i < 60000; i++) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        g.fillStyle = `rgba(${x & 255},${(x >> 8) & 255},${(x >> 16) & 255},0.35)`;
        g.fillRect(x % 1600, (x >> 11) % 1200, 3 + (x % 9), 3 + ((x >> 3) % 9));
      }
      return c.toDataURL('image/jpeg', 0.85);
    }, seed);
    return Buffer.from(dataUrl.split(',')[1]!, 'base64');
  } finally {
    await browser.close();
  }
}

/** Memory in MB: this process's RSS, and the proportional set size (PSS) of every process below it (Chromium). */
function treeRss(): { node: number; chromium: number } {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=']).toString();
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number) as [number, number];
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const pss = (pid: number) => {
    try {
      const m = /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      return Number(m?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  let chromium = 0;
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      chromium += pss(c);
      walk(c);
    }
  };
  walk(process.pid);
  return { node: process.memoryUsage().rss / 1024 / 1024, chromium };
}

async function main(): Promise<void> {
  const { db, server } = await startBenchServer('im_bench_documents', { pdf: true });
  const base = await listen(server);
  const client = await server.deps.db.pool.connect();
  const version = await serverVersion(client);
  client.release();
  try {
    const { createCompany } = await import('../src/features/companies/create-company');
    const { createUser } = await import('../src/features/users/create-user');
    const { findUserByEmail } = await import('../src/features/users/find-user');
    await server.deps.db.platform(async (tx) => {
      if (await findUserByEmail(tx, EMAIL)) return;
      const companyId = await createCompany(tx, {
        name: 'Bench Documenten BV',
        modules: ['BASIS', 'CRM', 'SETTINGS', 'SALES', 'QUOTATION', 'CONFIRMATION', 'PROJECT', 'INVOICE'],
      });
      await createUser(tx, {
        companyId,
        name: 'Bench',
        surname: 'Documenten',
        email: EMAIL,
        password: BENCH_PASSWORD,
        role: 1000,
        userType: 'standard',
      });
    });
    const login = await fetch(`${base}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: BENCH_PASSWORD }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(base + url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
      return text ? JSON.parse(text) : null;
    };

    // The 3-page quotation: 40 lines over three VAT rates, two pictures, text and page breaks.
    const relation = await call('POST', '/api/relation', {
      name: 'Jan',
      surname: 'de Vries',
      email: 'jan@voorbeeld.nl',
      createnewflow: 1,
    });
    const flowId = relation.flows[0].id as number;
    const q = await call('POST', '/api/quotation', { flow_id: flowId, title: 'Zonnepanelen en warmtepomp' });
    for (let i = 0; i < 40; i++) {
      const rate = [0, 9, 21][i % 3]!;
      await call('POST', '/api/calculationitem', {
        calculation_id: q.calculation_id,
        item_type: 'manual',
        item_name: `Regel ${i + 1}: materiaal en arbeid (${rate}% btw)`,
        unit_rate_exc_manual: (25 + i * 7.35).toFixed(2),
        product_amount: String(1 + (i % 6)),
        vat_percentage: rate,
        [`percentage_vat_${rate}`]: 100,
        ...(rate !== 21 ? { percentage_vat_21: 0 } : {}),
      });
    }
    const types = (await call('GET', '/api/documentwidgettype')) as { id: number; tag: string }[];
    const typeId = (tag: string) => types.find((t) => t.tag === tag)!.id;
    const lorem =
      '<p>Wij leveren en monteren de installatie volgens de geldende normen. De werkzaamheden omvatten het plaatsen van de panelen, het aansluiten van de omvormer en het aanmelden bij de netbeheerder. Na afloop lopen wij alles met u door en ontvangt u de opleverdocumenten.</p>';
    for (let i = 0; i < 2; i++) {
      const w = await call('POST', '/api/documentwidget', {
        document_id: q.id,
        document_widget_type_id: typeId('WIDGETPICTURE'),
        stringcontent: i ? 'alignleft' : 'alignright',
      });
      const form = new FormData();
      form.append('document_widget_id', String(w.id));
      form.append('file', new Blob([await photo(i + 1)], { type: 'image/jpeg' }), `foto-${i + 1}.jpg`);
      await call('POST', '/api/widgetpicture', form);
      await call('POST', '/api/documentwidget', {
        document_id: q.id,
        document_widget_type_id: typeId('TEXT'),
        textcontent: lorem,
      });
    }
    const pdfOnce = async () => {
      const res = await fetch(`${base}/api/quotation/${q.id}/download`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`download: ${res.status} ${body.toString().slice(0, 200)}`);
      return body;
    };
    const first = await pdfOnce();
    const pages = (first.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    log(
      `quotation ${q.id}: 40 lines, 2 pictures, ${pages} pages, PDF ${(first.length / 1024).toFixed(0)} KiB`,
    );
    for (let i = 0; i < 5; i++) await pdfOnce();

    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      await pdfOnce();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    log(
      `${p50 < 250 && p95 < 800 ? 'PASS' : 'FAIL'} PDF warm: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`,
    );

    const t0 = performance.now();
    const concurrent = await Promise.allSettled(Array.from({ length: 20 }, () => pdfOnce()));
    const ok = concurrent.filter((r) => r.status === 'fulfilled').length;
    const concurrentMs = performance.now() - t0;
    log(
      `${ok === 20 ? 'PASS' : 'FAIL'} 20 concurrent downloads: ${ok} of 20 succeeded in ${concurrentMs.toFixed(0)} ms`,
    );

    // Warm up after the burst (V8 heap, Chromium caches and a page recycle reach their working size),
    // then a full collection before the baseline: growth after that is what a leak would show.
    for (let i = 0; i < 200; i++) await pdfOnce();
    global.gc?.();
    const before = treeRss();
    const checkpoints: string[] = [];
    for (let i = 0; i < RENDERS; i++) {
      await pdfOnce();
      if ((i + 1) % 250 === 0) {
        global.gc?.();
        const m = treeRss();
        checkpoints.push(`${i + 1}: ${(m.node + m.chromium).toFixed(0)} MB`);
        log(`  ${i + 1} renders, RSS node ${m.node.toFixed(0)} MB, chromium ${m.chromium.toFixed(0)} MB`);
      }
    }
    global.gc?.();
    const after = treeRss();
    const growth = after.node + after.chromium - (before.node + before.chromium);
    log(
      `${growth < 50 ? 'PASS' : 'FAIL'} RSS growth over ${RENDERS} renders: ${growth.toFixed(1)} MB (node ${before.node.toFixed(0)} -> ${after.node.toFixed(0)}, chromium ${before.chromium.toFixed(0)} -> ${after.chromium.toFixed(0)})`,
    );

    // The quotation detail with 500 lines.
    const big = await call('POST', '/api/quotation', { flow_id: flowId, title: '500 regels' });
    const c = await server.deps.db.pool.connect();
    await c.query(
      `insert into calculation_item (company_id, calculation_id, "order", item_type, item_name, unit_rate_exc_manual, product_amount, hash)
       select company_id, $1, g, 'manual', 'Regel ' || g, (10 + g)::numeric, 1 + g % 4, md5(random()::text)
       from calculation, generate_series(1, 500) g where calculation.id = $1`,
      [big.calculation_id],
    );
    c.release();
    await call('PATCH', `/api/calculation/${big.calculation_id}`, { discount: 0 });
    const detail = await runCase(base, {
      group: 'api',
      name: 'quotation detail, 500 lines',
      target: 100,
      urls: [`/api/quotation/${big.id}`],
      token,
    });

    const rows = [
      `| PDF, 3-page quotation, 40 lines, 2 pictures (${pages} pages), warm pool | p50 < 250 ms, p95 < 800 ms | p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms | ${p50 < 250 && p95 < 800 ? 'PASS' : '**FAIL**'} |`,
      `| 20 concurrent PDF downloads | all succeed | ${ok} of 20 in ${concurrentMs.toFixed(0)} ms | ${ok === 20 ? 'PASS' : '**FAIL**'} |`,
      `| RSS growth over ${RENDERS} renders (server RSS + Chromium PSS, after a full GC) | < 50 MB | ${growth.toFixed(1)} MB (start ${(before.node + before.chromium).toFixed(0)} MB; ${checkpoints.join(', ')}) | ${growth < 50 ? 'PASS' : '**FAIL**'} |`,
      `| Quotation detail with 500 lines (API, Server-Timing) | p95 < 100 ms | p50 ${detail.p50.toFixed(1)} ms, p95 ${detail.p95.toFixed(1)} ms | ${detail.p95 < 100 ? 'PASS' : '**FAIL**'} |`,
    ];
    const table = ['| case | target | measured | result |', '|---|---|---|---|', ...rows].join('\n');
    log(`\n${table}`);
    if (process.argv.includes('--write')) {
      const file = path.join(ROOT, 'docs/benchmarks/documents.md');
      writeFileSync(
        file,
        `# Documents benchmark\n\n\`npm run bench:documents\` (apps/server/bench/documents-bench.ts). The real server in-process with\nthe warm Chromium pool (2 pages), ${os.cpus().length} cores, PostgreSQL ${version}, load ${os.loadavg()[0]!.toFixed(1)} at the end.\nPDF times are whole HTTP downloads (HTML rendered from the database, then Chromium). Memory is\nmeasured after 200 warm-up renders and a full collection; the checkpoints show it flat.\n\n${table}\n\nThe editor's "typing a line's amount updates the totals within one frame" is the calculation modal's:\n\`npm run bench:calculation\` times the engine on 500 lines in Chromium (docs/benchmarks/calculation.md).\n`,
      );
      log(`written to ${file}`);
    }
  } finally {
    await server.close();
    await db.embedded?.stop();
    db.cleanup();
  }
}

await main();
