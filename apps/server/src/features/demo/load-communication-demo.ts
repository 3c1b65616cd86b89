import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { mailTemplate } from '../../platform/db/tables/mailtemplates.schema';
import { message } from '../../platform/db/tables/messages.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import type { Logger } from '../../platform/logger';
import { saveContactTemplate, saveMailTemplate, saveMessageTemplate } from '../mailtemplates';
import { createStaffMessage, insertCustomerMessage, openConversation, updateMessage } from '../messages';
import { findUserByEmail } from '../users';
import { CRM_DEMO } from './crm-demo-data';

/** Conversations on demo flows, one of each kind the communicator shows. */
const CONVERSATIONS: { customer: string[]; reply?: string; after?: 'open' | 'assignOffice' }[] = [
  // ongelezen: the customer waits, nobody opened the dossier yet
  { customer: ['Goedemiddag, wanneer kan de monteur de panelen komen plaatsen?'] },
  // onbeantwoord: staff opened the dossier, no answer yet
  { customer: ['Is de offerte inclusief de aanvraag van de ISDE-subsidie?'], after: 'open' },
  // gelezen: answered by a reply
  {
    customer: ['Kan de opname ook op dinsdagochtend?'],
    reply: 'Dat kan: dinsdag om 9:00 uur staat onze adviseur bij u op de stoep.',
  },
  // a message from the company the customer has not read yet
  { customer: [], reply: 'De omvormer is binnen; we plannen de montage volgende week in.' },
  // a longer conversation, answered
  {
    customer: ['Ik heb nog een vraag over de factuur: klopt het btw-tarief?', 'Ik zie 0% btw staan.'],
    reply: 'Ja, op zonnepanelen bij woningen geldt sinds 2023 het nultarief.',
  },
  // a billing question routed to the back office
  { customer: ['Kan ik de factuur in twee termijnen betalen?'], after: 'assignOffice' },
];

async function loadCompany(tx: Tx, callerId: number): Promise<number> {
  const flows = await tx
    .select({
      id: flow.id,
      number: flow.number,
      relationId: flow.relationId,
      userId: flow.userId,
      officeUserId: flow.officeUserId,
      projectUserId: flow.projectUserId,
      relationName: relation.fullname,
    })
    .from(flow)
    .leftJoin(relation, eq(relation.id, flow.relationId))
    .where(isNull(flow.deletedAt))
    .orderBy(asc(flow.id))
    .limit(CONVERSATIONS.length);
  const staff = { userId: callerId, role: 5000 };
  for (const [i, c] of CONVERSATIONS.entries()) {
    const f = flows[i];
    if (!f) break;
    const target = { ...f, relationName: f.relationName ?? '' };
    let last = 0;
    for (const text of c.customer) last = await insertCustomerMessage(tx, target, text);
    if (c.after === 'open') await openConversation(tx, f.id, { userId: f.userId ?? callerId, role: 100 });
    if (c.after === 'assignOffice' && last) await updateMessage(tx, last, { assigned_to: 'office' }, staff);
    if (c.reply) await createStaffMessage(tx, { flow_id: f.id, content: c.reply }, staff);
  }
  return Math.min(flows.length, CONVERSATIONS.length);
}

/** Dutch mail, message and contact templates with merge tags, as an installer would write them. */
async function loadTemplates(tx: Tx): Promise<void> {
  await saveMailTemplate(tx, null, {
    template_type: 'sendflowemail',
    description: 'Dossiermail',
    subject: 'Uw dossier {{ dossier.nummer }}',
    message:
      '<p>Beste {{ relatie.naam }},</p><p>Hierbij de informatie over uw dossier.</p><p>Met vriendelijke groet,<br>{{ gebruiker.naam }}</p>',
  });
  await saveMailTemplate(tx, null, {
    template_type: 'messagebyuser',
    description: 'Nieuw bericht in uw dossier',
    subject: 'Nieuw bericht over dossier {{ dossier.nummer }}',
    message: '<p>Beste {{ relatie.naam }},</p><p>Er staat een nieuw bericht voor u klaar in uw dossier.</p>',
  });
  for (const [category, description, text] of [
    [
      'Planning',
      'Monteur komt langs',
      'Beste {{ relatie.naam }}, onze monteur komt op de afgesproken dag tussen 8:00 en 10:00 uur.',
    ],
    [
      'Offerte',
      'Offerte nabellen',
      'Beste {{ relatie.naam }}, heeft u de offerte kunnen bekijken? Wij beantwoorden graag uw vragen.',
    ],
  ] as const)
    await saveMessageTemplate(tx, null, { category, description, message: `<p>${text}</p>` });
  await saveContactTemplate(tx, null, {
    description: 'Telefonisch contact',
    note: '<p>Gebeld met {{ relatie.naam }} over dossier {{ dossier.nummer }}.</p>',
  });
}

/**
 * Conversations in every message status (and the notifications they raise) for the demo
 * companies. A company that already has messages is left alone, so loading twice changes nothing.
 */
export async function loadCommunicationDemoData(db: Database, logger: Logger): Promise<void> {
  for (const demo of CRM_DEMO) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    const entered = await db.platform((tx) => findUserByEmail(tx, demo.enteredBy));
    if (!entered) continue;
    await db.tenant({ companyId: target.id, userId: entered.id }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:communication-demo'), ${target.id})`,
      );
      const [template] = await tx.select({ id: mailTemplate.id }).from(mailTemplate).limit(1);
      if (!template) await loadTemplates(tx);
      const [existing] = await tx.select({ id: message.id }).from(message).limit(1);
      if (existing) return;
      const conversations = await loadCompany(tx, entered.id);
      logger.info({ company: target.id, conversations }, 'demo conversations loaded');
    });
  }
}
