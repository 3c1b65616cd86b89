import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { findChromium } from './find-chromium';
import { createPdfService, PDF_UNAVAILABLE_MESSAGE, type PdfService } from './pdf-service';

const TIMEOUT = 60_000;
const logger: Logger = { info() {}, warn() {}, error() {}, debug() {} };
const hasPdftotext = !spawnSync('pdftotext', ['-v']).error;

/** Counts page objects; `/Type /Pages` (the page tree) is excluded by the lookahead. */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

function threePageHtml(): string {
  const section = (n: number, last: boolean) =>
    `<section style="${last ? '' : 'break-after: page;'}"><h1>Hoofdstuk ${n}</h1>${'<p>Lorem ipsum dolor sit amet.</p>'.repeat(5)}</section>`;
  return `<!doctype html><html><body>${[1, 2, 3].map((n) => section(n, n === 3)).join('')}</body></html>`;
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-test-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const result = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('findChromium', () => {
  it('finds /usr/bin/chromium without an argument', () => {
    vi.stubEnv('CHROMIUM_PATH', '');
    try {
      expect(findChromium()).toBe('/usr/bin/chromium');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('does not fall back when an explicit path is unusable', () => {
    expect(findChromium('/nonexistent/chromium')).toBeNull();
  });
});

describe('createPdfService (Chromium available)', { timeout: TIMEOUT }, () => {
  let service: PdfService;

  beforeAll(async () => {
    service = await createPdfService({ poolSize: 2, logger });
  }, TIMEOUT);

  afterAll(async () => {
    await service?.close();
  }, TIMEOUT);

  it('is available', () => {
    expect(service.available).toBe(true);
    expect(service.unavailableReason).toBeNull();
  });

  it('renders a three-page PDF', async () => {
    const pdf = await service.render({ html: threePageHtml() });
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(3);
  });

  it('renders with a header and the default page-number footer', async () => {
    const pdf = await service.render({ html: threePageHtml(), headerHtml: '<span>KOPMARKER-42</span>' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(3);
  });

  it.skipIf(!hasPdftotext)('header marker and "Pagina x van y" appear in the text', async () => {
    const pdf = await service.render({ html: threePageHtml(), headerHtml: '<span>KOPMARKER-42</span>' });
    const pages = pdfText(pdf)
      .split('\f')
      .filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(3);
    pages.forEach((text, i) => {
      expect(text).toContain('KOPMARKER-42');
      expect(text).toContain(`Pagina ${i + 1} van 3`);
    });
  });

  it.skipIf(!hasPdftotext)(
    'puts "Pagina x van y" on every page when no header or footer is given',
    async () => {
      const pdf = await service.render({ html: threePageHtml() });
      const pages = pdfText(pdf)
        .split('\f')
        .filter((p) => p.trim() !== '');
      expect(pages).toHaveLength(3);
      pages.forEach((text, i) => {
        expect(text).toContain(`Pagina ${i + 1} van 3`);
        // No Chromium default header (date, title) or footer (URL).
        expect(text).not.toContain('about:blank');
        expect(text.trim().startsWith('Hoofdstuk')).toBe(true);
      });
    },
  );

  it.skipIf(!hasPdftotext)('a given footer replaces the page numbers', async () => {
    const pdf = await service.render({ html: threePageHtml(), footerHtml: '<span>VOETMARKER-7</span>' });
    const text = pdfText(pdf);
    expect(text.match(/VOETMARKER-7/g)).toHaveLength(3);
    expect(text).not.toContain('Pagina 1 van 3');
  });

  it('handles more concurrent renders than the pool size', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        service.render({ html: `<p>Document ${i}</p>`, landscape: i % 2 === 0 }),
      ),
    );
    expect(results).toHaveLength(5);
    for (const pdf of results) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  describe('network isolation', () => {
    let server: Server;
    let port: number;
    const requests: string[] = [];

    beforeAll(async () => {
      server = createServer((req, res) => {
        requests.push(req.url ?? '');
        res.writeHead(200, { 'content-type': 'image/png' }).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('lets the document reach no network resource', async () => {
      const base = `http://127.0.0.1:${port}`;
      const html = `<!doctype html><html><head>
        <link rel="stylesheet" href="${base}/style.css">
        <meta http-equiv="refresh" content="0; url=${base}/refresh">
        </head><body>
        <img src="${base}/x.png">
        <div style="background-image:url('${base}/bg.png')">achtergrond</div>
        <iframe src="${base}/frame"></iframe>
        <img src="file:///etc/passwd">
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <script>fetch('${base}/script')</script>
        </body></html>`;
      const pdf = await service.render({ html });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Give any stray request (e.g. the meta refresh) a moment to arrive before asserting.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(requests).toEqual([]);
    });
  });
});

describe('createPdfService (Chromium unavailable)', { timeout: TIMEOUT }, () => {
  let service: PdfService;

  beforeAll(async () => {
    service = await createPdfService({ chromiumPath: '/nonexistent/chromium', logger });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('reports unavailable instead of throwing', () => {
    expect(service.available).toBe(false);
    expect(service.unavailableReason).toContain('/nonexistent/chromium');
  });

  it('rejects renders with an unavailable AppError', async () => {
    const err = await service.render({ html: '<p>x</p>' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('unavailable');
    expect((err as AppError).message).toBe(PDF_UNAVAILABLE_MESSAGE);
  });

  it('close is idempotent', async () => {
    await service.close();
    await service.close();
  });
});
