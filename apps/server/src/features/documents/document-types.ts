import {
  DOCUMENT_TEXTS,
  type DocumentType,
  SYSTEM_DOCUMENT_TYPES,
  type zSaveDocumentType,
  type zUpdateDocumentType,
} from '@im/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { isoFast } from '../../platform/db/iso';
import { documentType, salesDocument } from '../../platform/db/tables/documents.schema';
import { conflict, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';

type TypeRecord = typeof documentType.$inferSelect;

/** Every company has Opdrachtbevestiging and Factuur (spec 002 section 9): made on first need. */
export async function ensureSystemTypes(tx: Tx): Promise<void> {
  await tx.execute(sql`insert into document_type (description, system_kind)
    values ${sql.join(
      SYSTEM_DOCUMENT_TYPES.map((t) => sql`(${t.description}, ${t.system_kind})`),
      sql`, `,
    )}
    on conflict (company_id, system_kind) where system_kind is not null do nothing`);
}

function toDto(t: TypeRecord, documents: number): DocumentType {
  return {
    id: t.id,
    description: t.description,
    system_kind: (t.systemKind as DocumentType['system_kind']) ?? null,
    flowstage: (t.flowstage as DocumentType['flowstage']) ?? null,
    approval_signature: t.approvalSignature,
    only_show_approved: t.onlyShowApproved,
    documents,
    created_at: isoFast(t.createdAt),
    updated_at: isoFast(t.updatedAt),
  };
}

const documentCount = sql<number>`(select count(*)::int from sales_document d
  where d.document_type_id = ${documentType.id} and d.deleted_at is null)`;

export async function listDocumentTypes(tx: Tx): Promise<DocumentType[]> {
  await ensureSystemTypes(tx);
  const rows = await tx
    .select({ t: documentType, n: documentCount })
    .from(documentType)
    .orderBy(sql`${documentType.systemKind} is null`, asc(documentType.description), asc(documentType.id));
  return rows.map((r) => toDto(r.t, r.n));
}

export async function findDocumentType(tx: Tx, id: number): Promise<TypeRecord | null> {
  const [row] = await tx.select().from(documentType).where(eq(documentType.id, id));
  return row ?? null;
}

/** The type a document is made with: the company's own type (a flowstage) or a system type. */
export async function requireDocumentType(tx: Tx, id: number | undefined, field = 'document_type_id') {
  const row = id === undefined ? null : await findDocumentType(tx, id);
  if (!row || row.systemKind === 'invoice')
    throw validationError(DOCUMENT_TEXTS.documentTypeNotFound, {
      [field]: [DOCUMENT_TEXTS.documentTypeNotFound],
    });
  return row;
}

export async function systemType(tx: Tx, kind: 'confirmation' | 'invoice'): Promise<TypeRecord> {
  await ensureSystemTypes(tx);
  const [row] = await tx.select().from(documentType).where(eq(documentType.systemKind, kind));
  return row!;
}

async function answer(tx: Tx, id: number): Promise<DocumentType> {
  const [row] = await tx
    .select({ t: documentType, n: documentCount })
    .from(documentType)
    .where(eq(documentType.id, id));
  if (!row) throw notFound();
  return toDto(row.t, row.n);
}

export async function saveDocumentType(tx: Tx, input: z.infer<typeof zSaveDocumentType>) {
  const [row] = await tx
    .insert(documentType)
    .values({
      description: input.description,
      flowstage: input.flowstage,
      approvalSignature: input.approval_signature,
      onlyShowApproved: input.only_show_approved,
    })
    .returning();
  await writeLog(tx, {
    type: 'documenttype',
    id: row!.id,
    action: 'create',
    description: `Documentsoort ${row!.description} aangemaakt`,
  });
  return answer(tx, row!.id);
}

export async function updateDocumentType(tx: Tx, id: number, input: z.infer<typeof zUpdateDocumentType>) {
  const before = await findDocumentType(tx, id);
  if (!before) throw notFound();
  await tx
    .update(documentType)
    .set({
      description: input.description,
      // The two system types have no flowstage.
      flowstage: before.systemKind ? undefined : input.flowstage,
      approvalSignature: input.approval_signature,
      onlyShowApproved: input.only_show_approved,
      updatedAt: new Date(),
    })
    .where(eq(documentType.id, id));
  await writeLog(tx, {
    type: 'documenttype',
    id,
    action: 'update',
    description: `Documentsoort ${input.description ?? before.description} gewijzigd`,
    changes: input,
  });
  return answer(tx, id);
}

export async function deleteDocumentType(tx: Tx, id: number): Promise<void> {
  const before = await findDocumentType(tx, id);
  if (!before) throw notFound();
  if (before.systemKind) throw conflict(DOCUMENT_TEXTS.documentTypeSystem);
  const [used] = await tx
    .select({ id: salesDocument.id })
    .from(salesDocument)
    .where(eq(salesDocument.documentTypeId, id))
    .limit(1);
  if (used) throw conflict(DOCUMENT_TEXTS.documentTypeInUse);
  await tx.delete(documentType).where(eq(documentType.id, id));
  await writeLog(tx, {
    type: 'documenttype',
    id,
    action: 'delete',
    description: `Documentsoort ${before.description} verwijderd`,
  });
}
