import type { CDPSession, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, login } from './harness';

// Steps on the pipeline board that more than one browser test takes.

/** Logs in as `email` and opens the board with the newest changes on top (100 cards per column). */
export async function openBoard(page: Page, baseUrl: string, email: string) {
  await login(page, baseUrl, email, DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/, { waitUntil: 'commit' });
  await page.evaluate(() =>
    localStorage.setItem(
      'pipelinePreferences',
      JSON.stringify({ limit: 100, sort: 'updated_desc', userId: null, leadSource: null, tag: null }),
    ),
  );
  await page.goto(`${baseUrl}/#/pipeline`);
  await page.locator('[data-column="new"] [data-lead-id]').first().waitFor({ state: 'attached' });
}

/** A finger through the DevTools protocol, as a phone sends it. */
export async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
  });
}

/**
 * Presses a finger at (x, y) until the card under it is picked up (its copy under the finger shows): a
 * fixed wait fails on a busy machine, where the long press's timer runs after the first move.
 */
export async function longPress(page: Page, cdp: CDPSession, x: number, y: number) {
  await touch(cdp, 'touchStart', x, y);
  await page.locator('[data-drag-overlay]').waitFor();
}

/** Which column the phone board shows in front (its scroll position in column widths). */
export function columnInFront(page: Page): Promise<number> {
  return page
    .getByTestId('pipeline-board')
    .evaluate((el) => Math.round(el.scrollLeft / ((el.firstElementChild as HTMLElement).offsetWidth + 12)));
}

/**
 * Long-presses `card` and carries it to the board's right edge, holding it there until column `until`
 * is in front (at most 15 s). Answers each change of the column in front, with its time.
 */
export async function carryToRightEdge(page: Page, cdp: CDPSession, card: Locator, until: number) {
  const box = (await card.boundingBox())!;
  const width = page.viewportSize()!.width;
  await longPress(page, cdp, box.x + 40, box.y + 20);
  for (let step = 1; step <= 6; step++) await touch(cdp, 'touchMove', box.x + 40 + step * 10, box.y + 40);
  const changes: { at: number; column: number }[] = [];
  let last = await columnInFront(page);
  const started = Date.now();
  for (let i = 0; last < until && Date.now() - started < 15_000; i++) {
    await touch(cdp, 'touchMove', width - 6 - (i % 2), 420);
    await page.waitForTimeout(50);
    const now = await columnInFront(page);
    if (now !== last) changes.push({ at: Date.now(), column: now });
    last = now;
  }
  return changes;
}

/** Carries the held card off the edge to the middle, waits for the board to come to rest, drops it. */
export async function dropAtRest(page: Page, cdp: CDPSession) {
  const board = page.getByTestId('pipeline-board');
  const middle = page.viewportSize()!.width / 2;
  await touch(cdp, 'touchMove', middle + 5, 420);
  const scrollLeft = () => board.evaluate((el) => el.scrollLeft);
  await expect
    .poll(async () => {
      const before = await scrollLeft();
      await page.waitForTimeout(150);
      return before === (await scrollLeft());
    })
    .toBe(true);
  await touch(cdp, 'touchMove', middle, 430);
  await touch(cdp, 'touchEnd');
}
