import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { findChromium } from './find-chromium';

export { findChromium } from './find-chromium';

export interface PdfRenderInput {
  html: string;
  headerHtml?: string;
  footerHtml?: string;
  landscape?: boolean;
}

export interface PdfService {
  readonly available: boolean;
  readonly unavailableReason: string | null;
  render(input: PdfRenderInput): Promise<Buffer>;
  close(): Promise<void>;
}

export const PDF_UNAVAILABLE_MESSAGE =
  'PDF-service is niet beschikbaar: Chromium is niet gevonden op deze server.';

const RENDER_TIMEOUT_MS = 30_000;
const DEFAULT_POOL_SIZE = 2;
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const DEFAULT_FOOTER = 'Pagina <span class="pageNumber"></span> van <span class="totalPages"></span>';

/** Chromium renders header/footer templates at a near-zero default font size, so set one explicitly. */
function templateWrap(html: string): string {
  return `<div style="font-size:9px;width:100%;padding:0 15mm;font-family:sans-serif;">${html}</div>`;
}

/** One isolated context per page so nothing (cookies, storage) leaks between documents. */
interface Slot {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  uses: number;
}

/**
 * A page renders this many documents, then its context is closed and a fresh one takes its place:
 * a renderer that keeps loading large documents (pictures as data: URLs) otherwise keeps growing.
 */
const RENDERS_PER_PAGE = 50;

export async function createPdfService(opts: {
  chromiumPath?: string;
  poolSize?: number;
  logger: Logger;
}): Promise<PdfService> {
  const { logger } = opts;
  const poolSize = Math.max(1, Math.floor(opts.poolSize ?? DEFAULT_POOL_SIZE));
  const executablePath = findChromium(opts.chromiumPath);

  let unavailableReason: string | null = null;
  let browser: Browser | null = null;
  let launching: Promise<Browser> | null = null;
  let closed = false;
  let closing: Promise<void> | null = null;
  let free: Slot[] = [];
  let permitsInUse = 0;
  const waiters: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];

  const launch = (path: string): Promise<Browser> => {
    launching ??= chromium
      .launch({ executablePath: path, args: LAUNCH_ARGS })
      .then((b) => {
        browser = b;
        b.on('disconnected', () => {
          // Relaunch lazily on the next render; pages of the dead browser are dropped in takeSlot.
          if (browser === b) browser = null;
          if (!closed)
            logger.warn({ executablePath: path }, 'Chromium disconnected; relaunching on next render');
        });
        return b;
      })
      .finally(() => {
        launching = null;
      });
    return launching;
  };

  if (!executablePath) {
    unavailableReason = opts.chromiumPath
      ? `Chromium niet gevonden of niet uitvoerbaar: ${opts.chromiumPath}`
      : 'Chromium niet gevonden (stel CHROMIUM_PATH in).';
  } else {
    try {
      await launch(executablePath);
      logger.info({ executablePath, poolSize }, 'PDF-service started');
    } catch (err) {
      unavailableReason = `Chromium kon niet starten: ${(err as Error).message}`;
    }
  }
  if (unavailableReason) logger.warn({ reason: unavailableReason }, 'PDF-service unavailable');

  const closedError = () => new AppError('unavailable', 'PDF-service is gestopt.');

  // A counting semaphore: at most poolSize renders hold a page; the rest queue in FIFO order.
  const acquirePermit = (): Promise<void> => {
    if (closed) return Promise.reject(closedError());
    if (permitsInUse < poolSize) {
      permitsInUse++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
  };
  const releasePermit = () => {
    const next = waiters.shift();
    if (next) next.resolve();
    else permitsInUse--;
  };

  const discard = (slot: Slot) => {
    slot.context.close().catch(() => {});
  };

  const takeSlot = async (path: string): Promise<Slot> => {
    const current = browser?.isConnected() ? browser : await launch(path);
    for (let slot = free.pop(); slot; slot = free.pop()) {
      if (slot.browser === current && !slot.page.isClosed()) return slot;
      discard(slot);
    }
    const context = await current.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
    // Only inline data: URLs may load; everything else (http, file, ...) is aborted. A navigation
    // (meta refresh) is aborted as ERR_ABORTED: a blocked one would replace the document with an
    // error page, sometimes while it prints ("Printing failed").
    await context.route('**/*', (route) => {
      const request = route.request();
      if (request.url().startsWith('data:')) return route.continue().catch(() => {});
      return route.abort(request.isNavigationRequest() ? 'aborted' : 'blockedbyclient').catch(() => {});
    });
    return { browser: current, context, page: await context.newPage(), uses: 0 };
  };

  const renderOn = async (page: Page, input: PdfRenderInput): Promise<Buffer> => {
    await page.setContent(input.html, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS });
    // Every document gets the page-number footer unless the caller gives its own; a header only when given.
    // An empty header template is still passed, since Chromium would otherwise print its date/title header.
    const withHeader = input.headerHtml !== undefined;
    return page.pdf({
      format: 'A4',
      landscape: input.landscape ?? false,
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: templateWrap(input.headerHtml ?? ''),
      footerTemplate: templateWrap(input.footerHtml ?? DEFAULT_FOOTER),
      margin: { top: withHeader ? '25mm' : '15mm', bottom: '20mm', left: '15mm', right: '15mm' },
    });
  };

  return {
    get available() {
      return unavailableReason === null && !closed;
    },
    get unavailableReason() {
      return unavailableReason;
    },

    async render(input) {
      if (!executablePath || unavailableReason) throw new AppError('unavailable', PDF_UNAVAILABLE_MESSAGE);
      await acquirePermit();
      let slot: Slot | null = null;
      let healthy = false;
      let timer: NodeJS.Timeout | undefined;
      try {
        slot = await takeSlot(executablePath);
        const work = renderOn(slot.page, input);
        work.catch(() => {}); // the timeout may win the race; avoid an unhandled rejection
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new AppError('unavailable', 'PDF genereren duurde te lang en is afgebroken.')),
            RENDER_TIMEOUT_MS,
          );
        });
        const pdf = await Promise.race([work, timeout]);
        healthy = true;
        return pdf;
      } catch (err) {
        if (closed) throw closedError();
        if (err instanceof AppError) throw err;
        logger.error({ err }, 'PDF render failed');
        throw new AppError('unavailable', 'PDF genereren is mislukt; probeer het opnieuw.');
      } finally {
        clearTimeout(timer);
        // A failed or timed-out page may be stuck mid-render: recycle it instead of reusing it.
        if (slot) {
          slot.uses++;
          if (healthy && !closed && slot.uses < RENDERS_PER_PAGE) free.push(slot);
          else discard(slot);
        }
        releasePermit();
      }
    },

    close() {
      closing ??= (async () => {
        closed = true;
        for (const waiter of waiters.splice(0)) waiter.reject(closedError());
        const slots = free;
        free = [];
        await Promise.allSettled(slots.map((s) => s.context.close()));
        const b = browser ?? (await launching?.catch(() => null)) ?? null;
        browser = null;
        await b?.close().catch(() => {});
      })();
      return closing;
    },
  };
}
