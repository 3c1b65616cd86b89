import {
  DOCUMENT_TEXTS,
  type DocumentWidgetType,
  WIDGET_TAGS_NEEDING_FORMS,
  type WidgetTag,
  type zSaveDocumentWidgetType,
  type zUpdateDocumentWidgetType,
} from '@im/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { isoFast } from '../../platform/db/iso';
import { documentWidgetType } from '../../platform/db/tables/documents.schema';
import { conflict, notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';

type WidgetTypeRecord = typeof documentWidgetType.$inferSelect;

export const isAvailable = (tag: string) => !WIDGET_TAGS_NEEDING_FORMS.includes(tag as WidgetTag);

function toDto(t: WidgetTypeRecord, widgets: number): DocumentWidgetType {
  return {
    id: t.id,
    tag: t.tag as WidgetTag,
    description: t.description,
    is_active: t.isActive,
    available: isAvailable(t.tag),
    widgets,
    created_at: isoFast(t.createdAt),
    updated_at: isoFast(t.updatedAt),
  };
}

// Counted over every company: the platform administrator decides about a type all companies use.
const widgetCount = sql<number>`(select count(*)::int from document_widget w
  where w.document_widget_type_id = ${documentWidgetType.id})`;

/** All types (administration), or those the editor offers: active and with their data available. */
export async function listWidgetTypes(tx: Tx, all: boolean): Promise<DocumentWidgetType[]> {
  const rows = await tx
    .select({ t: documentWidgetType, n: all ? widgetCount : sql<number>`0` })
    .from(documentWidgetType)
    .orderBy(asc(documentWidgetType.id));
  return rows.map((r) => toDto(r.t, r.n)).filter((t) => all || (t.is_active && t.available));
}

export async function findWidgetType(tx: Tx, id: number): Promise<WidgetTypeRecord | null> {
  const [row] = await tx.select().from(documentWidgetType).where(eq(documentWidgetType.id, id));
  return row ?? null;
}

export async function getWidgetType(tx: Tx, id: number): Promise<DocumentWidgetType> {
  const [row] = await tx
    .select({ t: documentWidgetType, n: widgetCount })
    .from(documentWidgetType)
    .where(eq(documentWidgetType.id, id));
  if (!row) throw notFound();
  return toDto(row.t, row.n);
}

export async function saveWidgetType(tx: Tx, input: z.infer<typeof zSaveDocumentWidgetType>) {
  const [taken] = await tx
    .select({ id: documentWidgetType.id })
    .from(documentWidgetType)
    .where(eq(documentWidgetType.tag, input.tag));
  if (taken) throw conflict(DOCUMENT_TEXTS.widgetTypeTagTaken);
  const [row] = await tx
    .insert(documentWidgetType)
    .values({ tag: input.tag, description: input.description, isActive: input.is_active })
    .returning();
  await writeLog(tx, {
    type: 'documentwidgettype',
    id: row!.id,
    action: 'create',
    description: `Widgettype ${row!.description} aangemaakt`,
  });
  return getWidgetType(tx, row!.id);
}

export async function updateWidgetType(tx: Tx, id: number, input: z.infer<typeof zUpdateDocumentWidgetType>) {
  const before = await findWidgetType(tx, id);
  if (!before) throw notFound();
  await tx
    .update(documentWidgetType)
    .set({ description: input.description, isActive: input.is_active, updatedAt: new Date() })
    .where(eq(documentWidgetType.id, id));
  await writeLog(tx, {
    type: 'documentwidgettype',
    id,
    action: 'update',
    description: `Widgettype ${input.description ?? before.description} gewijzigd`,
    changes: input,
  });
  return getWidgetType(tx, id);
}

export async function deleteWidgetType(tx: Tx, id: number): Promise<void> {
  const before = await getWidgetType(tx, id);
  if (before.widgets > 0) throw conflict(DOCUMENT_TEXTS.widgetTypeInUse);
  await tx.delete(documentWidgetType).where(eq(documentWidgetType.id, id));
  await writeLog(tx, {
    type: 'documentwidgettype',
    id,
    action: 'delete',
    description: `Widgettype ${before.description} verwijderd`,
  });
}
