import {
  type FileInfo,
  type MailTemplate,
  parseDocumentMailTemplateType,
  type zSaveMailTemplate,
} from '@im/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { mailTemplate } from '../../platform/db/tables/mailtemplates.schema';
import { validationError } from '../../platform/errors';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { toIso } from '../../platform/http/dates';
import { attachedFiles } from './attached-files';
import { checkedTags, writeTemplate } from './template-writer';

function serializeMail(t: typeof mailTemplate.$inferSelect, files: FileInfo[]): MailTemplate {
  return {
    id: t.id,
    template_type: t.templateType,
    description: t.description,
    subject: t.subject,
    message: t.message,
    attachedfiles: files,
    created_at: toIso(t.createdAt),
    updated_at: toIso(t.updatedAt),
  };
}

export async function listMailTemplates(tx: Tx): Promise<MailTemplate[]> {
  const rows = await tx
    .select()
    .from(mailTemplate)
    .orderBy(asc(mailTemplate.templateType), asc(mailTemplate.description));
  const files = await attachedFiles(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => serializeMail(r, files.get(r.id) ?? []));
}

export async function loadMailTemplate(tx: Tx, id: number): Promise<MailTemplate | null> {
  const [row] = await tx.select().from(mailTemplate).where(eq(mailTemplate.id, id));
  if (!row) return null;
  return serializeMail(row, (await attachedFiles(tx, [id])).get(id) ?? []);
}

type SaveMail = z.infer<typeof zSaveMailTemplate>;

export const UNKNOWN_DOCUMENT_TYPE = 'Deze documentsoort bestaat niet.';

/** A document type's send or approve type names one of the company's own document types. */
async function checkDocumentType(tx: Tx, type: string | undefined) {
  const parsed = type === undefined ? null : parseDocumentMailTemplateType(type);
  if (!parsed) return;
  const found = await tx.execute(
    sql`select 1 from document_type where id = ${parsed.documentTypeId} and system_kind is null`,
  );
  if (found.rows.length === 0)
    throw validationError(UNKNOWN_DOCUMENT_TYPE, { template_type: [UNKNOWN_DOCUMENT_TYPE] });
}

export async function saveMailTemplate(
  tx: Tx,
  id: number | null,
  input: Partial<SaveMail>,
): Promise<number | null> {
  const values = {
    ...(input.template_type !== undefined && { templateType: input.template_type }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.subject !== undefined && { subject: input.subject }),
    ...(input.message !== undefined && { message: sanitizeHtml(input.message) }),
  };
  checkedTags({ subject: values.subject, message: values.message });
  await checkDocumentType(tx, input.template_type);
  return writeTemplate(tx, 'mailtemplate', id, values, {
    values: { templateType: input.template_type!, description: input.description!, ...values },
    description: `Mailtemplate '${input.description}' toegevoegd`,
  });
}
