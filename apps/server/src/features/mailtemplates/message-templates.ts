import { type MessageTemplate, NEW_TEMPLATE_DESCRIPTION, type zSaveMessageTemplate } from '@im/domain';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { messageTemplate } from '../../platform/db/tables/mailtemplates.schema';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { toIso } from '../../platform/http/dates';
import { checkedTags, writeTemplate } from './template-writer';

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
