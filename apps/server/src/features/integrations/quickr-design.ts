// Quickr on a flow data item (spec 002 section 7, decision 071): scan the roof at the flow's address, make a
// design (once per item: a repeated or concurrent call gets the same design, through Quickr's idempotency key,
// unless a new one is asked for), fetch the design again, and open Quickr at it. Every answer is the item's
// Quickr fields.
import { type FormValue, QUICKR_FIELDS, type QuickrResult, SOLAR_TEXTS } from '@im/domain';
import { validationError } from '../../platform/errors';
import type { IntegrationContext } from './integration-context';
import type { QuickrDesign } from './quickr';
import { withQuickr } from './solar-connection';
import { addressOfFlow, lockSolarItem, numberOr, textOr, writeSolarValues } from './solar-item';

type Actor = { companyId: number; userId: number };

export function quickrResult(id: number, values: Record<string, FormValue>): QuickrResult {
  const num = new Set([
    'quickrNrOfPv',
    'quickrPower',
    'quickrMaxNrOfPv',
    'quickrEfficiency',
    'quickrExpectedOutput',
    'quickrPowerPerPV',
  ]);
  const out: Record<string, unknown> = { flowDataItemId: id };
  for (const f of QUICKR_FIELDS) out[f] = num.has(f) ? numberOr(values[f]) : textOr(values[f]);
  return out as QuickrResult;
}

const json = (v: Record<string, unknown> | null | undefined) => (v ? JSON.stringify(v) : null);

function designValues(d: QuickrDesign): Record<string, FormValue> {
  return {
    quickrDesignId: d.id,
    quickrNrOfPv: d.nr_of_panels,
    quickrPower: d.power_wp,
    quickrPowerPerPV: d.power_per_panel_wp,
    quickrEfficiency: d.efficiency,
    quickrExpectedOutput: d.expected_output_kwh,
    quickrPvSystem: d.pv_system,
    quickrKeyFigures: json(d.key_figures),
    quickrPlanUrl: d.plan_url,
    quickrDirectUrl: d.direct_url,
  };
}

const reference = (actor: Actor, itemId: number) => `im-${actor.companyId}-fdi-${itemId}`;

async function write(ctx: IntegrationContext, actor: Actor, id: number, patch: Record<string, FormValue>) {
  return ctx.db.tenant(actor, async (tx) => {
    const item = await lockSolarItem(tx, id, 'quickr');
    await writeSolarValues(tx, id, patch);
    return quickrResult(id, { ...item.values, ...patch });
  });
}

/** Scans the roof at the flow's address: the most panels that fit and the building as PDOK knows it. */
export async function scanRoof(ctx: IntegrationContext, actor: Actor, id: number): Promise<QuickrResult> {
  const address = await ctx.db.tenant(actor, async (tx) => {
    const item = await lockSolarItem(tx, id, 'quickr');
    return addressOfFlow(tx, item.flowId);
  });
  const scan = await withQuickr(ctx, actor.companyId, (api) => api.scan(reference(actor, id), address));
  return write(ctx, actor, id, {
    quickrRefId: scan.id,
    quickrMaxNrOfPv: scan.max_panels,
    quickrPdok: json(scan.pdok),
  });
}

/**
 * Makes the item's design from its scan. With a design already there it answers that design (fetched again)
 * unless `again` asks for a new one; Quickr's idempotency key (the scan, and the design it replaces) makes a
 * retried or concurrent request get the same design instead of a second one.
 */
export async function createDesign(
  ctx: IntegrationContext,
  actor: Actor,
  id: number,
  again: boolean,
): Promise<QuickrResult> {
  const values = await ctx.db.tenant(actor, async (tx) => (await lockSolarItem(tx, id, 'quickr')).values);
  const scanId = textOr(values.quickrRefId);
  if (!scanId) throw validationError(SOLAR_TEXTS.scanFirst, { flowDataItemId: [SOLAR_TEXTS.scanFirst] });
  const current = textOr(values.quickrDesignId);
  if (current && !again) return getDesign(ctx, actor, id);
  const key = `${reference(actor, id)}-scan-${scanId}${current ? `-after-${current}` : ''}`;
  const design = await withQuickr(ctx, actor.companyId, (api) =>
    api.createDesign(scanId, reference(actor, id), key),
  );
  return write(ctx, actor, id, designValues(design));
}

/** Fetches the item's design again (changed in Quickr since): its figures replace the stored ones. */
export async function getDesign(ctx: IntegrationContext, actor: Actor, id: number): Promise<QuickrResult> {
  const values = await ctx.db.tenant(actor, async (tx) => (await lockSolarItem(tx, id, 'quickr')).values);
  const designId = textOr(values.quickrDesignId);
  if (!designId) throw validationError(SOLAR_TEXTS.noDesign, { flowDataItemId: [SOLAR_TEXTS.noDesign] });
  const design = await withQuickr(ctx, actor.companyId, (api) => api.getDesign(designId));
  return write(ctx, actor, id, designValues(design));
}

/** The address that opens Quickr logged in at the item's design (or scan): spec "login returns a URL". */
export async function quickrLoginUrl(
  ctx: IntegrationContext,
  actor: Actor,
  id: number,
): Promise<{ url: string }> {
  const values = await ctx.db.tenant(actor, async (tx) => (await lockSolarItem(tx, id, 'quickr')).values);
  const session = await withQuickr(ctx, actor.companyId, (api) =>
    api.session(textOr(values.quickrRefId), textOr(values.quickrDesignId)),
  );
  return { url: session.url };
}
