import type { TaskContextOptions } from '@im/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { documentType, salesDocument } from '../../platform/db/tables/documents.schema';
import { vertical } from '../../platform/db/tables/forms.schema';

/** The choices of the context sections: live forms, the company's own document types, document templates. */
export async function taskContextOptions(tx: Tx): Promise<TaskContextOptions> {
  const [verticals, types, templates] = await Promise.all([
    tx
      .select({ id: vertical.id, name: vertical.name, type: vertical.type })
      .from(vertical)
      .where(eq(vertical.archived, false))
      .orderBy(asc(vertical.name), asc(vertical.id)),
    tx
      .select({ id: documentType.id, description: documentType.description })
      .from(documentType)
      .where(isNull(documentType.systemKind))
      .orderBy(asc(documentType.description), asc(documentType.id)),
    tx
      .select({
        id: salesDocument.id,
        title: salesDocument.title,
        document_type_id: salesDocument.documentTypeId,
      })
      .from(salesDocument)
      .where(
        and(
          eq(salesDocument.kind, 'document'),
          eq(salesDocument.isTemplate, true),
          isNull(salesDocument.deletedAt),
        ),
      )
      .orderBy(asc(salesDocument.title), asc(salesDocument.id)),
  ]);
  return { verticals, document_types: types, document_templates: templates };
}
