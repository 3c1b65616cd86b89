import {
  THEMES,
  type zCreateSystemNotification,
  type zSystemNotification,
  type zUpdateSystemNotification,
} from '@im/domain';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { systemNotification } from '../../platform/db/tables/systemnotifications.schema';
import { notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { toIso } from '../../platform/http/dates';

type Row = typeof systemNotification.$inferSelect;

function serialize(n: Row): z.infer<typeof zSystemNotification> {
  const theme = (THEMES as readonly string[]).includes(n.theme)
    ? (n.theme as (typeof THEMES)[number])
    : 'info';
  return { id: n.id, content: n.content, theme, active: n.active, created_at: toIso(n.createdAt) };
}

export async function listSystemNotifications(tx: Tx, onlyActive = false) {
  const rows = await tx
    .select()
    .from(systemNotification)
    .where(onlyActive ? eq(systemNotification.active, true) : undefined)
    .orderBy(desc(systemNotification.createdAt), desc(systemNotification.id));
  return rows.map(serialize);
}

export async function getSystemNotification(tx: Tx, id: number) {
  const [row] = await tx.select().from(systemNotification).where(eq(systemNotification.id, id));
  if (!row) throw notFound();
  return serialize(row);
}

export async function createSystemNotification(tx: Tx, input: z.infer<typeof zCreateSystemNotification>) {
  const [row] = await tx
    .insert(systemNotification)
    .values({ content: input.content, theme: input.theme, active: input.active ?? true })
    .returning();
  await writeLog(tx, {
    type: 'systemnotification',
    id: row!.id,
    action: 'create',
    description: 'Systeemmelding aangemaakt',
    changes: input,
  });
  return serialize(row!);
}

export async function updateSystemNotification(
  tx: Tx,
  id: number,
  input: z.infer<typeof zUpdateSystemNotification>,
) {
  const set: Partial<typeof systemNotification.$inferInsert> = {};
  if (input.content !== undefined) set.content = input.content;
  if (input.theme !== undefined) set.theme = input.theme;
  if (input.active !== undefined) set.active = input.active;
  if (Object.keys(set).length === 0) return getSystemNotification(tx, id);
  const [row] = await tx
    .update(systemNotification)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(systemNotification.id, id))
    .returning();
  if (!row) throw notFound();
  await writeLog(tx, {
    type: 'systemnotification',
    id,
    action: 'update',
    description: 'Systeemmelding gewijzigd',
    changes: input,
  });
  return serialize(row);
}

export async function deleteSystemNotification(tx: Tx, id: number): Promise<void> {
  const deleted = await tx
    .delete(systemNotification)
    .where(eq(systemNotification.id, id))
    .returning({ id: systemNotification.id });
  if (deleted.length === 0) throw notFound();
  await writeLog(tx, {
    type: 'systemnotification',
    id,
    action: 'delete',
    description: 'Systeemmelding verwijderd',
  });
}
