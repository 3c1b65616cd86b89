import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  type ContactTemplate,
  checkMergeTags,
  type EmailSettings,
  type FileInfo,
  MAIL_TEXTS,
  type MailTemplate,
  type MessageTemplate,
  NEW_TEMPLATE_DESCRIPTION,
  parseDocumentMailTemplateType,
  type zSaveContactTemplate,
  type zSaveMailTemplate,
  type zSaveMessageTemplate,
} from '@im/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import {
  contactTemplate,
  mailTemplate,
  messageTemplate,
} from '../../platform/db/tables/mailtemplates.schema';
import { notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import type { FileStorage } from '../../platform/files/storage';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { toIso } from '../../platform/http/dates';
import { type ImageSlot, imageUrl } from '../companies';
import { loadMailSender } from './mail-sender';

export const ATTACHED_FILE = 'attachedfile';

/** Refuses a text with unknown merge tags (the author sees it when saving, decision 019). */
function checkedTags(fields: Record<string, string | undefined>): void {
  for (const [name, text] of Object.entries(fields)) {
    if (!text) continue;
    const problem = checkMergeTags(text);
    if (problem) throw validationError(problem, { [name]: [problem] });
  }
}

export function fileInfo(f: typeof storedFile.$inferSelect): FileInfo {
  return {
    id: f.id,
    filename: f.filename,
    mime_type: f.mimeType,
    size: f.size,
    created_at: toIso(f.createdAt),
    url: `/api/${ATTACHED_FILE}/${f.id}`,
  };
}

// ---------------------------------------------------------------- mail templates

async function attachedFiles(tx: Tx, templateIds: number[]) {
  if (templateIds.length === 0) return new Map<number, FileInfo[]>();
  const rows = await tx
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.purpose, ATTACHED_FILE),
        eq(storedFile.ownerType, 'mailtemplate'),
        inArray(storedFile.ownerId, templateIds),
      ),
    )
    .orderBy(asc(storedFile.id));
  const byTemplate = new Map<number, FileInfo[]>();
  for (const f of rows) byTemplate.set(f.ownerId!, [...(byTemplate.get(f.ownerId!) ?? []), fileInfo(f)]);
  return byTemplate;
}

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

// ---------------------------------------------------------------- message and contact templates

function serializeMessage(t: typeof messageTemplate.$inferSelect): MessageTemplate {
  return {
    id: t.id,
    category: t.category,
    description: t.description,
    message: t.message,
    created_at: toIso(t.createdAt),
    updated_at: toIso(t.updatedAt),
  };
}

function serializeContact(t: typeof contactTemplate.$inferSelect): ContactTemplate {
  return {
    id: t.id,
    description: t.description,
    note: t.note,
    created_at: toIso(t.createdAt),
    updated_at: toIso(t.updatedAt),
  };
}

export async function listMessageTemplates(tx: Tx): Promise<MessageTemplate[]> {
  const rows = await tx
    .select()
    .from(messageTemplate)
    .orderBy(asc(messageTemplate.category), asc(messageTemplate.description), asc(messageTemplate.id));
  return rows.map(serializeMessage);
}

export async function loadMessageTemplate(tx: Tx, id: number): Promise<MessageTemplate | null> {
  const [row] = await tx.select().from(messageTemplate).where(eq(messageTemplate.id, id));
  return row ? serializeMessage(row) : null;
}

type SaveMessage = z.infer<typeof zSaveMessageTemplate>;

export async function saveMessageTemplate(
  tx: Tx,
  id: number | null,
  input: Partial<SaveMessage>,
): Promise<number | null> {
  const values = {
    ...(input.category !== undefined && { category: input.category }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.message !== undefined && { message: sanitizeHtml(input.message) }),
  };
  checkedTags({ message: values.message });
  return writeTemplate(tx, 'messagetemplate', id, values, {
    values: { description: input.description ?? NEW_TEMPLATE_DESCRIPTION, ...values },
    description: 'Berichttemplate toegevoegd',
  });
}

export async function listContactTemplates(tx: Tx): Promise<ContactTemplate[]> {
  const rows = await tx
    .select()
    .from(contactTemplate)
    .orderBy(asc(contactTemplate.description), asc(contactTemplate.id));
  return rows.map(serializeContact);
}

export async function loadContactTemplate(tx: Tx, id: number): Promise<ContactTemplate | null> {
  const [row] = await tx.select().from(contactTemplate).where(eq(contactTemplate.id, id));
  return row ? serializeContact(row) : null;
}

type SaveContact = z.infer<typeof zSaveContactTemplate>;

export async function saveContactTemplate(
  tx: Tx,
  id: number | null,
  input: Partial<SaveContact>,
): Promise<number | null> {
  const values = {
    ...(input.description !== undefined && { description: input.description }),
    ...(input.note !== undefined && { note: sanitizeHtml(input.note) }),
  };
  checkedTags({ note: values.note });
  return writeTemplate(tx, 'contacttemplate', id, values, {
    values: { description: input.description ?? NEW_TEMPLATE_DESCRIPTION, ...values },
    description: 'Contacttemplate toegevoegd',
  });
}

// ---------------------------------------------------------------- shared

export type TemplateKind = 'mailtemplate' | 'messagetemplate' | 'contacttemplate';
const TABLES = {
  mailtemplate: mailTemplate,
  messagetemplate: messageTemplate,
  contacttemplate: contactTemplate,
};
const LABELS = {
  mailtemplate: 'Mailtemplate',
  messagetemplate: 'Berichttemplate',
  contacttemplate: 'Contacttemplate',
};

async function log(
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
async function writeTemplate<K extends TemplateKind>(
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
    await log(tx, 'create', row!.id, created.description);
    return row!.id;
  }
  const [row] = await tx
    .update(table)
    .set({ ...(values as Partial<InsertOf<'mailtemplate'>>), updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  if (!row) return null;
  await log(tx, 'update', id, `${LABELS[kind]} gewijzigd`, values);
  return id;
}

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
  await log(tx, 'delete', id, `${LABELS[kind]} verwijderd`);
  return files.map((f) => f.key);
}

/** A copy named '... (kopie)'; the route copies a mail template's attached files (copyAttachedFiles). */
export async function duplicateTemplate(tx: Tx, kind: TemplateKind, id: number): Promise<number | null> {
  if (kind === 'mailtemplate') {
    const [t] = await tx.select().from(mailTemplate).where(eq(mailTemplate.id, id));
    if (!t) return null;
    const copy = await saveMailTemplate(tx, null, {
      template_type: t.templateType,
      description: `${t.description} (kopie)`.slice(0, 200),
      subject: t.subject,
      message: t.message,
    });
    return copy;
  }
  if (kind === 'messagetemplate') {
    const [t] = await tx.select().from(messageTemplate).where(eq(messageTemplate.id, id));
    if (!t) return null;
    return saveMessageTemplate(tx, null, {
      category: t.category,
      description: `${t.description} (kopie)`.slice(0, 200),
      message: t.message,
    });
  }
  const [t] = await tx.select().from(contactTemplate).where(eq(contactTemplate.id, id));
  if (!t) return null;
  return saveContactTemplate(tx, null, {
    description: `${t.description} (kopie)`.slice(0, 200),
    note: t.note,
  });
}

export async function emailSettings(tx: Tx): Promise<EmailSettings> {
  const [settings] = await tx.select().from(companySettings).limit(1);
  if (!settings) throw new Error('Company settings missing');
  const url = (slot: ImageSlot, fileId: number | null) => (fileId ? imageUrl(settings.id, slot) : null);
  const shared = await tx
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.purpose, 'flowfile'), eq(storedFile.ownerType, 'company')))
    .orderBy(asc(storedFile.filename), asc(storedFile.id));
  return {
    sender: await loadMailSender(tx),
    company_settings_id: settings.id,
    images: {
      emailheader: url('emailheader', settings.emailHeaderFileId),
      emailfooter: url('emailfooter', settings.emailFooterFileId),
      customerbackground: url('customerbackground', settings.customerBackgroundFileId),
    },
    mailtemplates: await listMailTemplates(tx),
    messagetemplates: await listMessageTemplates(tx),
    contacttemplates: await listContactTemplates(tx),
    flowfiles: shared.map((f) => ({ ...fileInfo(f), url: `/api/flowfile/${f.id}` })),
  };
}

/** Copies the attached files of one mail template to another (new bytes, so deleting one keeps the other's). */
export async function copyAttachedFiles(
  tx: Tx,
  storage: FileStorage,
  fromId: number,
  toId: number,
): Promise<void> {
  const files = await tx
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.purpose, ATTACHED_FILE),
        eq(storedFile.ownerType, 'mailtemplate'),
        eq(storedFile.ownerId, fromId),
      ),
    );
  for (const f of files) {
    const bytes = await storage.get(f.storageKey);
    if (!bytes) continue;
    const storageKey = f.storageKey.replace(/[^/]+$/, `${randomUUID()}${path.extname(f.storageKey)}`);
    await storage.put(storageKey, bytes);
    await tx.insert(storedFile).values({
      storageKey,
      filename: f.filename,
      mimeType: f.mimeType,
      size: f.size,
      purpose: ATTACHED_FILE,
      ownerType: 'mailtemplate',
      ownerId: toId,
    });
  }
}

export async function findAttachedFile(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.id, id), eq(storedFile.purpose, ATTACHED_FILE)));
  if (!row) throw notFound(MAIL_TEXTS.attachmentNotFound);
  return row;
}
