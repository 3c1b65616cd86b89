import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import {
  contactTemplate,
  mailTemplate,
  messageTemplate,
} from '../../platform/db/tables/mailtemplates.schema';
import { saveContactTemplate } from './contact-templates';
import { saveMailTemplate } from './mail-templates';
import { saveMessageTemplate } from './message-templates';
import type { TemplateKind } from './template-writer';

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
