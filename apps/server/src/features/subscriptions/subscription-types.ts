import type { SubscriptionType, zCreateSubscriptionType, zUpdateSubscriptionType } from '@im/domain';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { module } from '../../platform/db/tables/companies.schema';
import {
  subscription,
  subscriptionType,
  subscriptionTypeModule,
} from '../../platform/db/tables/subscriptions.schema';
import { conflict, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { findModuleOrFail } from '../modules';

export const TYPE_NAME_TAKEN = 'Er bestaat al een abonnementstype met deze naam.';
export const TYPE_IN_USE =
  'Dit abonnementstype kan niet worden verwijderd, omdat er nog abonnementen van dit type zijn.';

export async function listSubscriptionTypes(tx: Tx, where?: SQL): Promise<SubscriptionType[]> {
  const types = await tx
    .select()
    .from(subscriptionType)
    .where(where)
    .orderBy(sql`lower(${subscriptionType.name})`, asc(subscriptionType.id));
  if (types.length === 0) return [];
  const links = await tx
    .select({ typeId: subscriptionTypeModule.subscriptionTypeId, id: module.id, tag: module.tag })
    .from(subscriptionTypeModule)
    .innerJoin(module, eq(module.id, subscriptionTypeModule.moduleId))
    .where(
      inArray(
        subscriptionTypeModule.subscriptionTypeId,
        types.map((t) => t.id),
      ),
    )
    .orderBy(asc(module.id));
  return types.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    modules: links.filter((l) => l.typeId === t.id).map((l) => ({ id: l.id, tag: l.tag })),
  }));
}

export async function getSubscriptionType(tx: Tx, id: number): Promise<SubscriptionType> {
  const [found] = await listSubscriptionTypes(tx, eq(subscriptionType.id, id));
  if (!found) throw notFound();
  return found;
}

async function refuseTakenName(tx: Tx, name: string, exceptId?: number): Promise<void> {
  const same = await tx
    .select({ id: subscriptionType.id })
    .from(subscriptionType)
    .where(
      and(
        sql`lower(${subscriptionType.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(subscriptionType.id, exceptId),
      ),
    );
  if (same.length > 0) throw validationError(TYPE_NAME_TAKEN, { name: [TYPE_NAME_TAKEN] });
}

async function lockType(tx: Tx, id: number) {
  const [row] = await tx.select().from(subscriptionType).where(eq(subscriptionType.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function createSubscriptionType(
  tx: Tx,
  input: z.infer<typeof zCreateSubscriptionType>,
): Promise<number> {
  await refuseTakenName(tx, input.name);
  const [row] = await tx
    .insert(subscriptionType)
    .values({ name: input.name, description: input.description ?? '' })
    .returning({ id: subscriptionType.id });
  await writeLog(tx, {
    type: 'subscriptiontype',
    id: row!.id,
    action: 'create',
    description: `Abonnementstype ${input.name} aangemaakt`,
  });
  return row!.id;
}

export async function updateSubscriptionType(
  tx: Tx,
  id: number,
  input: z.infer<typeof zUpdateSubscriptionType>,
): Promise<void> {
  await lockType(tx, id);
  const set: Partial<typeof subscriptionType.$inferInsert> = {};
  if (input.name !== undefined) {
    await refuseTakenName(tx, input.name, id);
    set.name = input.name;
  }
  if (input.description !== undefined) set.description = input.description;
  if (Object.keys(set).length === 0) return;
  await tx.update(subscriptionType).set(set).where(eq(subscriptionType.id, id));
  await writeLog(tx, {
    type: 'subscriptiontype',
    id,
    action: 'update',
    description: 'Abonnementstype gewijzigd',
    changes: input,
  });
}

/** Deletes a type no subscription uses (409 otherwise). */
export async function deleteSubscriptionType(tx: Tx, id: number): Promise<void> {
  const type = await lockType(tx, id);
  const [used] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(subscription)
    .where(eq(subscription.subscriptionTypeId, id));
  if (used!.n > 0) throw conflict(TYPE_IN_USE);
  await tx.delete(subscriptionType).where(eq(subscriptionType.id, id));
  await writeLog(tx, {
    type: 'subscriptiontype',
    id,
    action: 'delete',
    description: `Abonnementstype ${type.name} verwijderd`,
  });
}

/** Adds or removes a module of a type; companies that already subscribed keep what they have. */
export async function changeSubscriptionTypeModule(
  tx: Tx,
  id: number,
  moduleId: number,
  change: 'add' | 'remove',
): Promise<void> {
  await lockType(tx, id);
  const m = await findModuleOrFail(tx, moduleId);
  const changed =
    change === 'add'
      ? await tx
          .insert(subscriptionTypeModule)
          .values({ subscriptionTypeId: id, moduleId })
          .onConflictDoNothing()
          .returning({ id: subscriptionTypeModule.moduleId })
      : await tx
          .delete(subscriptionTypeModule)
          .where(
            and(
              eq(subscriptionTypeModule.subscriptionTypeId, id),
              eq(subscriptionTypeModule.moduleId, moduleId),
            ),
          )
          .returning({ id: subscriptionTypeModule.moduleId });
  if (changed.length === 0) return;
  await writeLog(tx, {
    type: 'subscriptiontype',
    id,
    action: 'update',
    description: `Module ${m.tag} ${change === 'add' ? 'toegevoegd aan' : 'verwijderd uit'} abonnementstype`,
    changes: { module: m.tag, [change === 'add' ? 'added' : 'removed']: true },
  });
}

/** The module ids a type gives. */
export async function typeModuleIds(tx: Tx, id: number): Promise<number[]> {
  const rows = await tx
    .select({ moduleId: subscriptionTypeModule.moduleId })
    .from(subscriptionTypeModule)
    .where(eq(subscriptionTypeModule.subscriptionTypeId, id));
  return rows.map((r) => r.moduleId);
}
