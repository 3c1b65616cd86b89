// Glbl reports on a flow data item (spec 002 section 7, decision 071). generatereport asks once: the request
// goes out through the job queue (committed with the item's 'queued' status), carrying an idempotency key made
// with the request, so a retried job cannot order a second report; while a report is asked, being made or
// ready, asking again answers that report. status polls Glbl and, once ready, stores the PDF with the flow's
// files exactly once (the item's lock decides; bytes fetched by a losing call are removed again).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type FormValue, type GlblResult, type GlblStatus, SOLAR_TEXTS } from '@im/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { storedFile } from '../../platform/db/tables/files.schema';
import { flowDataItem } from '../../platform/db/tables/forms.schema';
import { validationError } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import type { Jobs } from '../../platform/jobs/jobs';
import type { IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';
import { ProviderError } from './provider-http';
import { withGlbl } from './solar-connection';
import { addressOfFlow, lockSolarItem, textOr, writeSolarValues } from './solar-item';

type Actor = { companyId: number; userId: number };

export const GLBL_REPORT_JOB = 'glbl-report';
export const zGlblReportPayload = z.object({
  companyId: z.number().int(),
  itemId: z.number().int(),
  key: z.string().uuid(),
});
type Payload = z.infer<typeof zGlblReportPayload>;

const ASKED: readonly string[] = ['queued', 'processing', 'ready'];

export function glblResult(id: number, values: Record<string, FormValue>): GlblResult {
  const status = textOr(values.glblStatus);
  return {
    flowDataItemId: id,
    glblId: textOr(values.glblId),
    glblStatus: status as GlblStatus | null,
    glblPDF: textOr(values.glblPDF),
    glblMessage: textOr(values.glblMessage),
  };
}

/** Asks Glbl for the item's report (through the job queue), unless one is asked, being made or (unless `again`) ready. */
export async function generateReport(
  ctx: IntegrationContext,
  actor: Actor,
  id: number,
  again = false,
): Promise<GlblResult> {
  return ctx.db.tenant(actor, async (tx) => {
    const item = await lockSolarItem(tx, id, 'glbl');
    const status = String(item.values.glblStatus ?? '');
    // A ready report is made anew only when asked again (the design changed); one in the making never twice.
    if (ASKED.includes(status) && !(again && status === 'ready')) return glblResult(id, item.values);
    const key = randomUUID();
    const patch = {
      glblStatus: 'queued',
      glblId: null,
      glblPDF: null,
      glblMessage: null,
      glblRequestKey: key,
    };
    await writeSolarValues(tx, id, patch);
    await ctx.jobs.send(tx, GLBL_REPORT_JOB, { companyId: actor.companyId, itemId: id, key });
    return glblResult(id, { ...item.values, ...patch });
  });
}

/** The job: orders the report at Glbl with the request's key and keeps Glbl's id (unless asked again since). */
export async function runGlblReport(ctx: IntegrationContext, p: Payload): Promise<void> {
  const actor = { companyId: p.companyId };
  const found = await ctx.db.tenant(actor, async (tx) => {
    const [row] = await tx.select().from(flowDataItem).where(eq(flowDataItem.id, p.itemId));
    if (!row || row.values.glblRequestKey !== p.key || row.values.glblStatus !== 'queued') return null;
    const design: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row.values)) if (k.startsWith('quickr')) design[k] = v;
    const address = await addressOfFlow(tx, row.flowId).catch(() => null);
    return { design, address };
  });
  if (!found) return;
  const fail = async (message: string) =>
    ctx.db.tenant(actor, async (tx) => {
      const [row] = await tx.select().from(flowDataItem).where(eq(flowDataItem.id, p.itemId)).for('update');
      if (row?.values.glblRequestKey !== p.key) return;
      await writeSolarValues(tx, p.itemId, { glblStatus: 'failed', glblMessage: message });
      await writeIntegrationLog(tx, {
        service: 'glbl',
        level: 'error',
        message: SOLAR_TEXTS.reportFailed(message),
      });
    });
  try {
    const report = await withGlbl(ctx, p.companyId, (api) =>
      api.createReport(
        {
          reference: `im-${p.companyId}-fdi-${p.itemId}`,
          address: { ...(found.address ?? {}) },
          design: found.design,
        },
        p.key,
      ),
    );
    await ctx.db.tenant(actor, async (tx) => {
      const [row] = await tx.select().from(flowDataItem).where(eq(flowDataItem.id, p.itemId)).for('update');
      if (row?.values.glblRequestKey !== p.key) return;
      await writeSolarValues(tx, p.itemId, {
        glblId: report.id,
        glblStatus: report.status === 'failed' ? 'failed' : 'processing',
        glblMessage: report.message ?? null,
      });
    });
  } catch (err) {
    // Glbl away: the queue tries again (same key, so still one report); a refusal ends the request.
    const unreachable =
      (err instanceof ProviderError && err.kind === 'unreachable') ||
      (err instanceof Error && 'code' in err && (err as { code: string }).code === 'unavailable');
    if (unreachable) throw err;
    await fail(err instanceof Error ? err.message : String(err));
  }
}

/** Polls the report; once ready, stores its PDF as a file of the flow (once) and answers where it is. */
export async function reportStatus(
  ctx: IntegrationContext,
  storage: FileStorage,
  actor: Actor,
  id: number,
): Promise<GlblResult> {
  const item = await ctx.db.tenant(actor, (tx) => lockSolarItem(tx, id, 'glbl'));
  const glblId = textOr(item.values.glblId);
  const status = textOr(item.values.glblStatus);
  if (!status) throw validationError(SOLAR_TEXTS.noReport, { flowDataItemId: [SOLAR_TEXTS.noReport] });
  if (!glblId || status !== 'processing') return glblResult(id, item.values);

  const report = await withGlbl(ctx, actor.companyId, (api) => api.report(glblId));
  if (report.status === 'processing') return glblResult(id, item.values);
  if (report.status === 'failed') {
    return ctx.db.tenant(actor, async (tx) => {
      const now = await lockSolarItem(tx, id, 'glbl');
      if (now.values.glblId !== glblId || now.values.glblStatus !== 'processing')
        return glblResult(id, now.values);
      const patch = { glblStatus: 'failed', glblMessage: report.message ?? null };
      await writeSolarValues(tx, id, patch);
      return glblResult(id, { ...now.values, ...patch });
    });
  }

  const pdf = await withGlbl(ctx, actor.companyId, (api) => api.pdf(glblId));
  const key = `companies/${actor.companyId}/flowfiles/glbl-${randomUUID()}.pdf`;
  await storage.put(key, Readable.from(pdf));
  const outcome = await ctx.db.tenant(actor, async (tx) => {
    const now = await lockSolarItem(tx, id, 'glbl');
    // Another call stored it first: that file stays, ours goes.
    if (now.values.glblId !== glblId || now.values.glblPDF)
      return { result: glblResult(id, now.values), kept: false };
    const [file] = await tx
      .insert(storedFile)
      .values({
        storageKey: key,
        filename: SOLAR_TEXTS.reportFileName(now.flowNumber),
        mimeType: 'application/pdf',
        size: pdf.length,
        purpose: 'flowfile',
        ownerType: 'flow',
        ownerId: now.flowId,
      })
      .returning({ id: storedFile.id });
    const patch = { glblStatus: 'ready', glblPDF: `/api/flowfile/${file!.id}`, glblMessage: null };
    await writeSolarValues(tx, id, patch);
    await writeIntegrationLog(tx, {
      service: 'glbl',
      userId: actor.userId,
      message: `Glbl-rapport opgeslagen bij dossier ${now.flowNumber}`,
    });
    return { result: glblResult(id, { ...now.values, ...patch }), kept: true };
  });
  if (!outcome.kept) await storage.delete(key);
  return outcome.result;
}

export function registerGlblJob(jobs: Jobs, ctx: () => IntegrationContext): void {
  jobs.defineJob({
    name: GLBL_REPORT_JOB,
    payload: zGlblReportPayload,
    retryLimit: 6,
    expireInSeconds: 120,
    handle: (payload) => runGlblReport(ctx(), payload),
  });
}
