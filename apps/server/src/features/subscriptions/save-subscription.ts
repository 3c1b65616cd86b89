import type { zCreateSubscription, zUpdateSubscription } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { company, companyModule } from '../../platform/db/tables/companies.schema';
import { subscription, subscriptionType } from '../../platform/db/tables/subscriptions.schema';
import { notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { typeModuleIds } from './subscription-types';

export const END_BEFORE_START = 'De einddatum mag niet voor de begindatum liggen.';
export const UNKNOWN_COMPANY = 'Dit bedrijf bestaat niet of staat in de prullenbak.';
export const UNKNOWN_TYPE = 'Dit abonnementstype bestaat niet.';

function refuseEndBeforeStart(start: string, end: string | null | undefined): void {
  // ISO dates compare as strings.
  if (end && end < start) throw validationError(END_BEFORE_START, { end_date: [END_BEFORE_START] });
}

async function requireType(tx: Tx, id: number): Promise<void> {
  const [t] = await tx
    .select({ id: subscriptionType.id })
    .from(subscriptionType)
    .where(eq(subscriptionType.id, id));
  if (!t) throw validationError(UNKNOWN_TYPE, { subscription_type_id: [UNKNOWN_TYPE] });
}

/** Gives the company the type's modules as purchased (upgrading ones it was handed for free). */
async function grantTypeModules(tx: Tx, companyId: number, typeId: number): Promise<number[]> {
  const moduleIds = await typeModuleIds(tx, typeId);
  if (moduleIds.length === 0) return [];
  await tx
    .insert(companyModule)
    .values(moduleIds.map((moduleId) => ({ companyId, moduleId, purchased: true })))
    .onConflictDoUpdate({
      target: [companyModule.companyId, companyModule.moduleId],
      set: { purchased: true },
    });
  return moduleIds;
}

export async function createSubscription(
  tx: Tx,
  input: z.infer<typeof zCreateSubscription>,
): Promise<number> {
  const [target] = await tx
    .select({ id: company.id })
    .from(company)
    .where(and(eq(company.id, input.company_id), isNull(company.deletedAt)))
    .for('share');
  if (!target) throw validationError(UNKNOWN_COMPANY, { company_id: [UNKNOWN_COMPANY] });
  await requireType(tx, input.subscription_type_id);
  refuseEndBeforeStart(input.start_date, input.end_date);
  const [row] = await tx
    .insert(subscription)
    .values({
      companyId: input.company_id,
      subscriptionTypeId: input.subscription_type_id,
      startDate: input.start_date,
      endDate: input.end_date ?? null,
    })
    .returning({ id: subscription.id });
  const granted = await grantTypeModules(tx, input.company_id, input.subscription_type_id);
  await writeLog(tx, {
    type: 'subscription',
    id: row!.id,
    action: 'create',
    description: 'Abonnement aangemaakt',
    changes: { ...input, granted_module_ids: granted },
    companyId: input.company_id,
  });
  return row!.id;
}

async function lockSubscription(tx: Tx, id: number) {
  const [row] = await tx.select().from(subscription).where(eq(subscription.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function updateSubscription(
  tx: Tx,
  id: number,
  input: z.infer<typeof zUpdateSubscription>,
): Promise<void> {
  const existing = await lockSubscription(tx, id);
  const start = input.start_date ?? existing.startDate;
  const end = input.end_date === undefined ? existing.endDate : input.end_date;
  refuseEndBeforeStart(start, end);
  const set: Partial<typeof subscription.$inferInsert> = {};
  if (input.start_date !== undefined) set.startDate = input.start_date;
  if (input.end_date !== undefined) set.endDate = input.end_date;
  let granted: number[] = [];
  if (
    input.subscription_type_id !== undefined &&
    input.subscription_type_id !== existing.subscriptionTypeId
  ) {
    await requireType(tx, input.subscription_type_id);
    set.subscriptionTypeId = input.subscription_type_id;
    granted = await grantTypeModules(tx, existing.companyId, input.subscription_type_id);
  }
  if (Object.keys(set).length === 0) return;
  await tx
    .update(subscription)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(subscription.id, id));
  await writeLog(tx, {
    type: 'subscription',
    id,
    action: 'update',
    description: 'Abonnement gewijzigd',
    changes: { ...input, granted_module_ids: granted },
    companyId: existing.companyId,
  });
}

/** Ends the record only: the company keeps its modules until an admin removes them. */
export async function deleteSubscription(tx: Tx, id: number): Promise<void> {
  const existing = await lockSubscription(tx, id);
  await tx.delete(subscription).where(eq(subscription.id, id));
  await writeLog(tx, {
    type: 'subscription',
    id,
    action: 'delete',
    description: 'Abonnement verwijderd',
    changes: {
      subscription_type_id: existing.subscriptionTypeId,
      start_date: existing.startDate,
      end_date: existing.endDate,
    },
    companyId: existing.companyId,
  });
}
