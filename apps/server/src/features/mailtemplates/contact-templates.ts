import { type ContactTemplate, NEW_TEMPLATE_DESCRIPTION, type zSaveContactTemplate } from '@im/domain';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { contactTemplate } from '../../platform/db/tables/mailtemplates.schema';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { toIso } from '../../platform/http/dates';
import { checkedTags, writeTemplate } from './template-writer';

function serializeContact(t: typeof contactTemplate.$inferSelect): ContactTemplate {
  return {
    id: t.id,
    description: t.description,
    note: t.note,
    created_at: toIso(t.createdAt),
    updated_at: toIso(t.updatedAt),
  };
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
