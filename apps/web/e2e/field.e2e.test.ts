import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './admin-helpers';
import { ADMIN, DEMO_PASSWORD, type E2eApp, login, SCREENSHOT_DIR, startApp } from './harness';
import { longPress, touch } from './pipeline-helpers';

// The staff app in the field: every staff route at a phone's 390 x 844 and a tablet's 820 x 1180,
// with touch. No horizontal page scroll, no control out of reach, no console error, no serious
// accessibility issue; a screenshot of each (`npm run screenshots` runs this file alone).

const DEVICES = [
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'tablet', width: 820, height: 1180, touch: true },
] as const;

const SANNE = 'sanne@zonnestroom-noord.nl';

let app: E2eApp;
let ids: Record<
  | 'relation'
  | 'organization'
  | 'flow'
  | 'product'
  | 'note'
  | 'agendaitem'
  | 'user'
  | 'subscriptiontype'
  | 'quotation'
  | 'confirmation'
  | 'document'
  | 'quotationtemplate'
  | 'documentwidgettype'
  | 'invoice'
  | 'draftinvoice'
  | 'invoicetemplate'
  | 'intake'
  | 'roomintake'
  | 'project'
  | 'intaketemplate'
  | 'projecttemplate'
  | 'vertical'
  | 'aftercareflow'
  | 'webhookconnection'
  | 'partnerproject',
  number
>;

/** SQL: the length of the longest hyphen-free run of a text column. */
const longestWord = (column: string) =>
  `(select max(length(part)) from regexp_split_to_table(coalesce(${column}, ''), '-') as part)`;
const one = async (sql: string) => Number((await app.sql<{ id: number }>(sql))[0]?.id);

beforeAll(async () => {
  app = await startApp();
  const company = "(select id from company where name = 'Zonnestroom Noord B.V.')";
  ids = {
    // The relation and the flow with the longest e-mail address without a hyphen (where a line may break):
    // the worst case for a phone's width.
    relation: await one(
      `select id from relation where company_id = ${company} and deleted_at is null order by ${longestWord('email')} desc, id limit 1`,
    ),
    organization: await one(`select id from organization where company_id = ${company} order by id limit 1`),
    flow: await one(
      `select f.id from flow f join relation r on r.id = f.relation_id where f.company_id = ${company} and f.deleted_at is null order by ${longestWord('r.email')} desc, f.id limit 1`,
    ),
    product: await one(
      `select id from product where company_id = ${company} and deleted_at is null order by id limit 1`,
    ),
    note: await one(`select id from note where company_id = ${company} order by id limit 1`),
    agendaitem: await one(`select id from agenda_item where company_id = ${company} order by id limit 1`),
    user: await one(`select id from "user" where company_id = ${company} order by id limit 1`),
    subscriptiontype: await one('select id from subscription_type order by id limit 1'),
    quotation: await one(
      `select id from sales_document where company_id = ${company} and kind = 'quotation' and not is_template order by id limit 1`,
    ),
    confirmation: await one(
      `select id from sales_document where company_id = ${company} and kind = 'confirmation' and not is_template order by id limit 1`,
    ),
    document: await one(
      `select id from sales_document where company_id = ${company} and kind = 'document' and not is_template order by id limit 1`,
    ),
    quotationtemplate: await one(
      `select id from sales_document where company_id = ${company} and kind = 'quotation' and is_template order by id limit 1`,
    ),
    documentwidgettype: await one('select id from document_widget_type order by id limit 1'),
    // A sent partial invoice (its card shows the parts) and a draft one.
    invoice: await one(
      `select d.id from sales_document d join invoice i on i.id = d.id where d.company_id = ${company} and d.status = 'sent' and i.partialinvoicetype is not null order by d.id limit 1`,
    ),
    draftinvoice: await one(
      `select id from sales_document where company_id = ${company} and kind = 'invoice' and status = 'draft' and not is_template order by id limit 1`,
    ),
    invoicetemplate: await one(
      `select id from sales_document where company_id = ${company} and kind = 'invoice' and is_template order by id limit 1`,
    ),
    // Forms (decision 023): the solar intake, the one with rooms, a project, templates, a form, a service flow.
    intake: await one(
      `select id from intake where company_id = ${company} and not is_template order by id limit 1`,
    ),
    roomintake: await one(
      `select intake_id as id from flow_data_item where company_id = ${company} and item_type = 'room' order by id limit 1`,
    ),
    project: await one(
      `select id from project where company_id = ${company} and not is_template order by id limit 1`,
    ),
    intaketemplate: await one(
      `select id from intake where company_id = ${company} and is_template order by id limit 1`,
    ),
    projecttemplate: await one(
      `select id from project where company_id = ${company} and is_template order by id limit 1`,
    ),
    vertical: await one(`select id from vertical where company_id = ${company} order by id limit 1`),
    webhookconnection: await one(
      `select id from webhook_connection where company_id = ${company} order by id limit 1`,
    ),
    partnerproject: await one(
      `select id from partner_project where company_id = ${company} order by id limit 1`,
    ),
    aftercareflow: await one(
      `select i.flow_id as id from flow_data_item i join vertical v on v.id = i.vertical_id where i.company_id = ${company} and v.type = 'aftercare' limit 1`,
    ),
  };
});
afterAll(async () => app?.stop());

/** The company's staff routes, as an installer's system administrator sees them. */
const staffRoutes = () => [
  'dashboard',
  'relation_overview',
  `relation_detail/${ids.relation}`,
  'relation_trashcan',
  'relation_bulkdelete',
  'relation_emptytrash',
  'organization_overview',
  `organization_detail/${ids.organization}`,
  'flow_overview',
  `flow_detail/${ids.flow}`,
  `flow_detail/${ids.flow}?options=flowcommunicator`,
  'pipeline',
  'communicator',
  'notification_overview',
  'incident_overview',
  'action_overview',
  'calendar',
  'task_overview',
  'logitem_overview',
  'product_overview',
  `product_detail/${ids.product}`,
  'quotation_overview',
  'confirmation_overview',
  'document_overview',
  `quotation_detail/${ids.quotation}`,
  `confirmation_detail/${ids.confirmation}`,
  `document_detail/${ids.document}`,
  `quotationtemplate_detail/${ids.quotationtemplate}`,
  `document_partner/${ids.quotation}?documentType=quotation`,
  'invoice_overview',
  'overdueinvoice_overview.html',
  'invoice_overview_quarterly',
  `invoice_detail/${ids.invoice}`,
  `invoice_detail/${ids.draftinvoice}`,
  `invoicetemplate_detail/${ids.invoicetemplate}`,
  'account/company_profile',
  `note_detail/${ids.note}`,
  `agendaitem_detail/${ids.agendaitem}`,
  'account/user_profile',
  'account/company_users',
  'account/company_modules',
  'account/company_emailsettings',
  'account/company_eventtriggerrules',
  'account/company_mergetags',
  `webhookconnection_detail/${ids.webhookconnection}`,
  'account/company_documentsettings',
  'intake_overview',
  `intake_detail/${ids.intake}`,
  `intake_detail/${ids.roomintake}`,
  `intaketemplate_detail/${ids.intaketemplate}`,
  'project_overview',
  `project_detail/${ids.project}`,
  `projecttemplate_detail/${ids.projecttemplate}`,
  `aftercare_detail/${ids.aftercareflow}`,
  `partnerproject_detail/${ids.partnerproject}`,
  `partnerproject_logitems/${ids.partnerproject}`,
  'vertical_overview',
  `vertical_detail/${ids.vertical}`,
  'account/company_intakesettings',
  'account/company_projectsettings',
  'account/company_aftercaresettings',
  'account/company_calculationsettings',
  'releasenotes',
];

/** The platform administrator's routes. */
const adminRoutes = () => [
  'dashboardadmin',
  'company_overview',
  'company_detail/1',
  'company_trashcan',
  'user_overview',
  `user_detail/${ids.user}`,
  'module_overview',
  'subscription_overview',
  'subscriptiontype_overview',
  `subscriptiontype_detail/${ids.subscriptiontype}`,
  'systemnotification_overview',
  'user_newsletter_overview',
  'documentwidgettype_overview',
  `documentwidgettype_detail/${ids.documentwidgettype}`,
  'eventtrigger_overview',
  'eventtrigger_detail/1',
];

async function logIn(page: Page, email: string, password: string, landing: RegExp) {
  await login(page, app.baseUrl, email, password);
  await page.waitForURL(landing, { waitUntil: 'commit' });
}

/** Watches a page for console errors and uncaught exceptions. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // Map tiles come from the internet, which this machine does not reach: not the app's error.
    if (message.location().url?.startsWith('https://tile.openstreetmap.org/')) return;
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url ?? ''}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until the screen has its heading and nothing is loading any more. */
async function settled(page: Page) {
  await page.locator('main h1, main h2').first().waitFor({ timeout: 20_000 });
  await expect
    .poll(
      () =>
        page
          .locator('main .mantine-Loader, .mantine-datatable-loader-fetching, main .mantine-Skeleton')
          .count(),
      {
        timeout: 20_000,
      },
    )
    .toBe(0);
  await page.waitForTimeout(300);
}

/**
 * Layout problems a finger would meet: the page scrolls sideways, or a control sits (partly) outside
 * the screen where nothing scrolls it into reach. Controls inside a sideways-scrolling container
 * (the pipeline, a wide table) are within reach by scrolling that container.
 */
function layoutProblems(page: Page): Promise<string[]> {
  // The device's width, not window.innerWidth: a phone's browser widens its layout viewport to a page
  // that overflows (and zooms out to show it), so innerWidth grows with the overflow it should reveal.
  return page.evaluate((width) => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const scrollsSideways = (el: Element | null): boolean => {
      for (let node = el?.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (/(auto|scroll)/.test(style.overflowX) && node.scrollWidth > node.clientWidth + 1) return true;
      }
      return false;
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"]',
    );
    for (const control of controls) {
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      if (control.closest('[aria-hidden="true"], .mantine-AppShell-navbar')) continue;
      if (rect.left >= -1 && rect.right <= width + 1) continue;
      if (scrollsSideways(control)) continue;
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? '';
      problems.push(
        `${control.tagName.toLowerCase()} "${name}" outside the screen (${Math.round(rect.left)}–${Math.round(rect.right)})`,
      );
    }
    // Text cut off by a card or box that hides what overflows it (an e-mail address running past a
    // card's edge): the page does not scroll, the text is simply gone. Shortening on purpose (an
    // ellipsis) and sideways-scrolling containers are fine.
    for (const node of document.querySelectorAll<HTMLElement>('main *')) {
      if (node.children.length > 0 || !node.textContent?.trim()) continue;
      const rect = node.getBoundingClientRect();
      if (rect.width === 0 || node.closest('[aria-hidden="true"], .leaflet-container')) continue;
      if (getComputedStyle(node).textOverflow === 'ellipsis') continue;
      for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible') continue;
        if (/(auto|scroll)/.test(style.overflowX) || style.textOverflow === 'ellipsis') break;
        const edge = box.getBoundingClientRect();
        if (rect.right > edge.right + 1 || rect.left < edge.left - 1)
          problems.push(
            `"${node.textContent.trim().slice(0, 40)}" cut off by its container (${Math.round(rect.right)} > ${Math.round(edge.right)})`,
          );
        break;
      }
    }
    return problems;
  }, page.viewportSize()!.width);
}

async function checkRoute(page: Page, errors: string[], route: string, shotName: string) {
  errors.length = 0;
  await page.goto(`${app.baseUrl}/#/${route}`);
  await settled(page);
  expect(await layoutProblems(page), route).toEqual([]);
  // react-big-calendar's own grid markup has ARIA roles without their required parents and children.
  const exclude = route === 'calendar' ? ['.rbc-time-header', '.rbc-month-view', '.rbc-header'] : [];
  expect(await seriousA11yViolations(page, exclude), route).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/field/${shotName}.png`, fullPage: true });
  expect(errors, route).toEqual([]);
}

const fileName = (route: string) => route.replace(/[/?=]+/g, '_');

describe.each(DEVICES)('on a $name ($width x $height, touch)', (device) => {
  it('every staff screen fits, is within reach, accessible and quiet in the console', async () => {
    const page = await app.newPage(device);
    const errors = consoleErrors(page);
    await logIn(page, SANNE, DEMO_PASSWORD, /#\/dashboard/);
    for (const route of staffRoutes())
      await checkRoute(page, errors, route, `${device.name}-${fileName(route)}`);
    await page.context().close();
  }, 600_000);

  it('every platform administration screen fits as well', async () => {
    const page = await app.newPage(device);
    const errors = consoleErrors(page);
    await logIn(page, ADMIN.email, ADMIN.password, /#\/dashboardadmin/);
    for (const route of adminRoutes())
      await checkRoute(page, errors, route, `${device.name}-admin-${fileName(route)}`);
    await page.context().close();
  }, 600_000);
});

describe('the pipeline with a finger', () => {
  it('a swipe scrolls the column, a long press drags a card to another column', async () => {
    const page = await app.newPage({ width: 820, height: 1180, touch: true });
    await logIn(page, SANNE, DEMO_PASSWORD, /#\/dashboard/);
    await page.goto(`${app.baseUrl}/#/pipeline`);
    const first = page.locator('[data-column="new"]');
    await first.locator('[data-lead-id]').first().waitFor();
    const cdp = await page.context().newCDPSession(page);

    // A vertical swipe over a card scrolls its column (when it has more than a screen) and moves nothing.
    const scroller = first.getByTestId('pipeline-scroll');
    const card = first.locator('[data-lead-id]').first();
    // Nothing is moved: no change goes to the server (the column is virtualised, so how many cards it
    // renders depends on where it is scrolled to and on the cards' height).
    const changes: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() !== 'GET' && request.url().includes('/api/')) changes.push(request.url());
    };
    page.on('request', onRequest);
    const box = (await card.boundingBox())!;
    await touch(cdp, 'touchStart', box.x + box.width / 2, box.y + box.height - 10);
    for (let step = 1; step <= 8; step++)
      await touch(cdp, 'touchMove', box.x + box.width / 2, box.y + box.height - 10 - step * 30);
    await touch(cdp, 'touchEnd', 0, 0);
    if (await scroller.evaluate((el) => el.scrollHeight > el.clientHeight))
      await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    page.off('request', onRequest);
    expect(changes).toEqual([]);
    // Back to the column's top; the swipe's fling may still be running, so until it stands still there.
    await expect
      .poll(async () => {
        await scroller.evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
        await page.waitForTimeout(150);
        return scroller.evaluate((el) => el.scrollTop);
      })
      .toBe(0);

    // A long press picks the card up; the finger carries it to the next column.
    const leadId = await first.locator('[data-lead-id]').first().getAttribute('data-lead-id');
    const from = (await first.locator(`[data-lead-id="${leadId}"]`).boundingBox())!;
    const to = (await page.locator('[data-column="intake"]').boundingBox())!;
    const toX = Math.min(to.x + 80, 820 - 20);
    await longPress(page, cdp, from.x + 20, from.y + 20);
    for (let step = 1; step <= 10; step++)
      await touch(
        cdp,
        'touchMove',
        from.x + 20 + ((toX - from.x - 20) * step) / 10,
        from.y + 20 + ((to.y + 200 - from.y - 20) * step) / 10,
      );
    await touch(cdp, 'touchEnd', 0, 0);
    await page.locator(`[data-column="intake"] [data-lead-id="${leadId}"]`).waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/field/tablet-pipeline-dragged.png` });
    await page.context().close();
  }, 120_000);

  it('on a phone the columns snap one at a time and the strip names them', async () => {
    const page = await app.newPage({ width: 390, height: 844, touch: true });
    await logIn(page, SANNE, DEMO_PASSWORD, /#\/dashboard/);
    await page.goto(`${app.baseUrl}/#/pipeline`);
    const strip = page.getByRole('tablist', { name: 'Kolommen' });
    await strip.waitFor();
    expect(await strip.getByRole('tab').count()).toBe(9);
    const board = page.getByTestId('pipeline-board');
    const boardBox = (await board.boundingBox())!;
    // The board fills the screen below the strip.
    const layout = await page.evaluate(() => ({
      scrollY: window.scrollY,
      inner: window.innerHeight,
      top: document.querySelector('[data-testid="pipeline-board"]')?.getBoundingClientRect().top,
      height: document.querySelector('[data-testid="pipeline-board"]')?.getBoundingClientRect().height,
    }));
    expect(boardBox.y + boardBox.height, JSON.stringify(layout)).toBeGreaterThan(844 - 60);
    await strip.getByRole('tab').nth(1).click();
    await expect.poll(() => strip.getByRole('tab', { selected: true }).textContent()).toMatch(/^Opname/);
    const intake = page.locator('[data-column="intake"]');
    await expect.poll(async () => Math.abs((await intake.boundingBox())!.x - boardBox.x)).toBeLessThan(4);
    expect((await intake.boundingBox())!.width).toBeGreaterThan(300);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/field/phone-pipeline-third-column.png` });
    await page.context().close();
  }, 120_000);
});

describe('on a desk (1440 x 900)', () => {
  it('the pipeline shows an arrow where more columns hide and keeps its position; long dialogs keep their buttons in sight', async () => {
    const page = await app.newPage({ width: 1440, height: 900 });
    await logIn(page, SANNE, DEMO_PASSWORD, /#\/dashboard/);
    await page.goto(`${app.baseUrl}/#/pipeline`);
    const board = page.getByTestId('pipeline-board');
    await page.locator('[data-column="new"] [data-lead-id]').first().waitFor();
    const next = page.getByRole('button', { name: /^Volgende kolommen \(\d+ meer\)$/ });
    await next.waitFor();
    expect(await page.getByRole('button', { name: 'Vorige kolommen' }).count()).toBe(0);
    await next.click();
    await expect.poll(() => board.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Vorige kolommen' }).waitFor();
    // The smooth scroll has ended when two reads 300 ms apart agree.
    let kept = -1;
    await expect
      .poll(async () => {
        const before = await board.evaluate((el) => el.scrollLeft);
        await page.waitForTimeout(300);
        kept = await board.evaluate((el) => el.scrollLeft);
        return before === kept;
      })
      .toBe(true);
    await page.reload();
    await page.locator('[data-column="new"] [data-lead-id]').first().waitFor({ state: 'attached' });
    await expect.poll(() => board.evaluate((el) => el.scrollLeft)).toBe(kept);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/field/desk-pipeline.png` });

    await page.goto(`${app.baseUrl}/#/relation_overview`);
    await page.getByRole('button', { name: 'Nieuwe relatie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe relatie' });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: 'Opslaan' });
    const box = (await save.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect(await dialog.getByRole('button', { name: 'Annuleren' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/field/desk-new-relation.png` });
    await page.context().close();
  }, 120_000);
});
