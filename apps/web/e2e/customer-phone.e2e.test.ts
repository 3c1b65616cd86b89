import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from './flows-helpers';
import { type E2eApp, SCREENSHOT_DIR, sidewaysOverflow, startApp } from './harness';

// The customer's documents on a phone (decision 038): at 390 px the quotation, confirmation and invoice
// are text to read, not a shrunken A4 sheet. The links are the README's demo links.

let app: E2eApp;
let phone: Page;
const WIDTH = 390;
const HEIGHT = 844;

beforeAll(async () => {
  app = await startApp();
  phone = await app.newPage({ width: WIDTH, height: HEIGHT, touch: true });
});
afterAll(async () => app?.stop());

/** Opens a customer link as it is in the mail and waits for the document's frame to be laid out. */
async function openDocument(path: string): Promise<Frame> {
  await phone.goto(`${app.baseUrl}/#/${path}`);
  await phone.waitForURL(/customer\.html#/);
  const element = await phone.waitForSelector('.c-sheet iframe');
  const frame = await element.contentFrame();
  if (!frame) throw new Error('no document frame');
  await frame.waitForSelector('.im-doc');
  return frame;
}

/** Every element of the document that shows text of its own, with its font size (px). */
function textSizes(frame: Frame) {
  return frame.evaluate(() => {
    const sizes: { text: string; size: number }[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const ownText = [...element.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      const box = element.getBoundingClientRect();
      if (!ownText || box.width === 0 || box.height === 0) continue;
      sizes.push({
        text: element.textContent!.trim().slice(0, 40),
        size: parseFloat(getComputedStyle(element).fontSize),
      });
    }
    return sizes;
  });
}

/** Whether an element's whole box lies inside the phone's screen at this scroll position. */
const onScreen = (box: { x: number; y: number; width: number; height: number } | null) =>
  box !== null &&
  box.x >= 0 &&
  box.y >= 0 &&
  box.x + box.width <= WIDTH + 1 &&
  box.y + box.height <= HEIGHT + 1;

describe('customer documents on a phone', () => {
  it('reflows the quotation: text of 14 px or more, nothing sideways, the total and Goedkeuren in view together', async () => {
    const frame = await openDocument('customer_quotation_detail/demo-offerte-zonnestroom-01');
    expect(await sidewaysOverflow(phone)).toBe(0);
    // The document itself fits its frame (no table wider than the screen inside it).
    expect(
      await frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    // The frame is as wide as the page gives it, not a 793 px sheet scaled down.
    const frameBox = await phone.locator('.c-sheet iframe').boundingBox();
    expect(frameBox!.width).toBeGreaterThan(300);
    expect(frameBox!.width).toBeLessThanOrEqual(WIDTH);

    const sizes = await textSizes(frame);
    expect(sizes.length).toBeGreaterThan(20);
    expect(sizes.filter((s) => s.size < 14)).toEqual([]);
    expect(sizes.find((s) => s.text.startsWith('Zonnepaneel'))?.size).toBeGreaterThanOrEqual(14);
    // A price is a value beside its label, not a cell in a 6 px table.
    const unitPrice = frame.locator('.im-calc td.im-num[data-label="Prijs incl. btw"]').first();
    expect(
      Number.parseFloat(await unitPrice.evaluate((td) => getComputedStyle(td).fontSize)),
    ).toBeGreaterThanOrEqual(14);
    expect(await unitPrice.textContent()).toMatch(/^€\s[\d.]+,\d{2}$/);

    // The grand total scrolled into view: the approve button stays on screen beside it.
    const total = frame.locator('.im-calc .im-grand');
    await total.scrollIntoViewIfNeeded();
    const totalBox = await total.boundingBox();
    expect(onScreen(totalBox)).toBe(true);
    expect(await total.textContent()).toMatch(/Totaal incl\. btw.*€\s[\d.]+,\d{2}/);
    const approve = phone.getByRole('button', { name: 'Goedkeuren' });
    expect(onScreen(await approve.boundingBox())).toBe(true);
    // What the customer sees there: the screen, not the whole page.
    await phone.screenshot({ path: `${SCREENSHOT_DIR}/customer-phone-quotation-total.png` });
    // And the customer can use it from there.
    await approve.click();
    await phone.getByRole('dialog', { name: 'Goedkeuren' }).waitFor();
    await phone.getByRole('button', { name: 'Sluiten' }).click();
    await phone.getByRole('dialog', { name: 'Goedkeuren' }).waitFor({ state: 'detached' });
    await shot(phone, 'customer-phone-quotation');
  });

  it('reflows the order confirmation and the invoice the same way', async () => {
    for (const [path, name] of [
      ['customer_confirmation_detail/demo-opdracht-zonnestroom-01', 'confirmation'],
      ['customer_invoice_detail/demo-factuur-zonnestroom-01', 'invoice'],
    ] as const) {
      const frame = await openDocument(path);
      expect(await sidewaysOverflow(phone)).toBe(0);
      expect(
        await frame.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
      expect((await textSizes(frame)).filter((s) => s.size < 14)).toEqual([]);
      // The whole document shows at its own height: the frame is not a scroll box inside the page.
      const heights = await frame.evaluate(() => ({
        content: document.documentElement.getBoundingClientRect().height,
        frame: window.innerHeight,
      }));
      expect(Math.abs(heights.frame - Math.ceil(heights.content))).toBeLessThanOrEqual(1);
      await shot(phone, `customer-phone-${name}`);
    }
  });
});
