import { checkMergeTags } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import {
  contactTemplate,
  mailTemplate,
  messageTemplate,
} from '../../platform/db/tables/mailtemplates.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';

/** Refuses a text with unknown merge tags (the author sees it when saving, decision 019). */
export function checkedTags(fields: Record<string, string | undefined>): void {
  for (const [name, text] of Object.entries(fields)) {
    if (!text) continue;
    const problem = checkMergeTags(text);
    if (problem) throw validationError(problem, { [name]: [problem] });
  }
}

export type TemplateKind = 'mailtemplate' | 'messagetemplate' | 'contacttemplate';
export const TABLES = {
  mailtemplate: mailTemplate,
  messagetemplate: messageTemplate,
  contacttemplate: contactTemplate,
};
export const LABELS = {
  mailtemplate: 'Mailtemplate',
  messagetemplate: 'Berichttemplate',
  contacttemplate: 'Contacttemplate',
};

/** The company settings log of a template change. */
export async function logTemplateChange(
  tx: Tx,
  action: 'create' | 'update' | 'delete' | 'duplicate',
  id: number,
  description: string,
  changes?: Record<string, unknown>,
) {
  await writeLog(tx, { type: 'companysettings', id, action, description, changes });
}

type InsertOf<K extends TemplateKind> = (typeof TABLES)[K]['$inferInsert'];

/**
 * The one writer of every kind of template: a new one (id null) from `created.values`, or the given
 * fields of an existing one (null when there is none); both are logged.
 */
export async function writeTemplate<K extends TemplateKind>(
  tx: Tx,
  kind: K,
  id: number | null,
  values: Partial<InsertOf<K>>,
  created: { values: InsertOf<K>; description: string },
): Promise<number | null> {
  // One table type for the query builder: the three tables share the id and updated_at columns.
  const table = TABLES[kind] as typeof mailTemplate;
  if (id === null) {
    const [row] = await tx
      .insert(table)
      .values(created.values as InsertOf<'mailtemplate'>)
      .returning({ id: table.id });
    await logTemplateChange(tx, 'create', row!.id, created.description);
    return row!.id;
  }
  const [row] = await tx
    .update(table)
    .set({ ...(values as Partial<InsertOf<'mailtemplate'>>), updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  if (!row) return null;
  await logTemplateChange(tx, 'update', id, `${LABELS[kind]} gewijzigd`, values);
  return id;
}
