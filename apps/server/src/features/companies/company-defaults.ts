import {
  DEFAULT_CANCEL_REASONS,
  DEFAULT_FLOW_PHASES,
  DEFAULT_FLOW_TAGS,
  DEFAULT_LEAD_SOURCES,
  FLOW_STAGES,
  STANDARD_FLOWPROFILE_NAME,
} from '@im/domain';
import { eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { flowPhase } from '../../platform/db/tables/flowphases.schema';
import { flowProfile } from '../../platform/db/tables/flowprofiles.schema';

const PHASE_COLORS = ['gray', 'blue', 'cyan', 'teal', 'green', 'yellow', 'orange', 'red', 'grape'];

/**
 * Gives a company the CRM starting point: the Dutch lead sources, tags and cancel reasons, a
 * standard request profile 'Standaard', and the sub-statuses of spec 001 section 4 as flow phases.
 * Works in tenant and platform scope alike (every row names the company); does nothing for a company
 * that already has them.
 */
export async function ensureCompanyCrmDefaults(tx: Tx, companyId: number): Promise<void> {
  const [settings] = await tx.select().from(companySettings).where(eq(companySettings.companyId, companyId));
  if (!settings || settings.standardFlowprofileId) return;
  const [profile] = await tx
    .insert(flowProfile)
    .values({ companyId, name: STANDARD_FLOWPROFILE_NAME })
    .returning({ id: flowProfile.id });
  await tx
    .update(companySettings)
    .set({
      standardFlowprofileId: profile!.id,
      leadSources: settings.leadSources.length ? settings.leadSources : DEFAULT_LEAD_SOURCES,
      flowTags: settings.flowTags.length ? settings.flowTags : DEFAULT_FLOW_TAGS,
      cancelReasons: settings.cancelReasons.length ? settings.cancelReasons : DEFAULT_CANCEL_REASONS,
    })
    .where(eq(companySettings.id, settings.id));
  const [anyPhase] = await tx
    .select({ id: flowPhase.id })
    .from(flowPhase)
    .where(eq(flowPhase.companyId, companyId))
    .limit(1);
  if (anyPhase) return;
  await tx.insert(flowPhase).values(
    FLOW_STAGES.flatMap((stage) =>
      DEFAULT_FLOW_PHASES[stage].map((description, order) => ({
        companyId,
        description,
        flowstage: stage,
        order,
        color: PHASE_COLORS[order % PHASE_COLORS.length]!,
      })),
    ),
  );
}

/** Companies created before the CRM defaults existed get them at start-up. */
export async function backfillCompanyCrmDefaults(db: Database): Promise<void> {
  const missing = await db.platform((tx) =>
    tx
      .select({ companyId: companySettings.companyId })
      .from(companySettings)
      .where(isNull(companySettings.standardFlowprofileId))
      .orderBy(sql`1`),
  );
  for (const { companyId } of missing)
    await db.tenant({ companyId }, (tx) => ensureCompanyCrmDefaults(tx, companyId));
}
