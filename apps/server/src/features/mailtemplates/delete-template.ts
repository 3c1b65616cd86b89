import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/db/tables/files.schema';
import { ATTACHED_FILE } from './attached-files';
import { LABELS, logTemplateChange, TABLES, type TemplateKind } from './template-writer';

/** Deletes a template (a mail template's attached files go with it); answers the storage keys to remove. */
export async function deleteTemplate(tx: Tx, kind: TemplateKind, id: number): Promise<string[] | null> {
  const table = TABLES[kind];
  const [row] = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (!row) return null;
  const files =
    kind === 'mailtemplate'
      ? await tx
          .delete(storedFile)
          .where(
            and(
              eq(storedFile.purpose, ATTACHED_FILE),
              eq(storedFile.ownerType, 'mailtemplate'),
              eq(storedFile.ownerId, id),
            ),
          )
          .returning({ key: storedFile.storageKey })
      : [];
  await logTemplateChange(tx, 'delete', id, `${LABELS[kind]} verwijderd`);
  return files.map((f) => f.key);
}
