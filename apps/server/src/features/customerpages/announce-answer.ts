import { documentMailTemplateType, renderMergeTags } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { documentMergeData, followFlow, kindLabel, logDocument } from '../documents';
import { queueFlowMail, standardMailTemplate } from '../mailtemplates';
import { notify } from '../notifications';
import type { Answer, AnswerDeps, Doc, Facts } from './customer-document-rules';

/**
 * What follows a recorded answer in its transaction: the document's log, the flow moving on (decision
 * 021's mapping), the handler notified, and on approval the mail to the customer. Answers the kind's label.
 */
export async function announceAnswer(
  tx: Tx,
  deps: AnswerDeps,
  d: Doc,
  answer: Answer,
  version: number,
  responseId: number,
  facts: Facts,
): Promise<string> {
  const approve = answer.action === 'approved';
  const label = await kindLabel(tx, d);
  await logDocument(
    tx,
    d,
    'status',
    `${label} ${approve ? 'goedgekeurd' : 'afgekeurd'} door klant (${answer.input.signername})`,
    { status: [d.status, answer.action], version, response_id: responseId },
  );
  await followFlow(tx, d, answer.action);
  await notifyHandler(tx, d, label, answer.action, answer.input.signername);
  if (approve) await approvalMail(tx, deps, d, facts);
  return label;
}

async function notifyHandler(tx: Tx, d: Doc, label: string, action: 'approved' | 'rejected', name: string) {
  if (d.flowId === null) return;
  const [f] = await tx
    .select({ userId: flow.userId, officeUserId: flow.officeUserId, number: flow.number })
    .from(flow)
    .where(eq(flow.id, d.flowId));
  if (!f) return;
  const content =
    `${label} ${d.number ?? ''} ${action === 'approved' ? 'goedgekeurd' : 'afgekeurd'} door ${name} (dossier ${f.number})`.replace(
      /\s+/g,
      ' ',
    );
  await notify(
    tx,
    [f.userId, f.officeUserId]
      .filter((id): id is number => id !== null)
      .map((userId) => ({
        userId,
        notifiableType: d.kind === 'quotation' ? ('quotation' as const) : ('flow' as const),
        notifiableId: d.kind === 'quotation' ? d.id : d.flowId!,
        flowId: d.flowId,
        content,
      })),
  );
}

/** The request profile's 'Goedkeuren ... door klant' mail to the customer, when the company has one. */
async function approvalMail(tx: Tx, deps: AnswerDeps, d: Doc, _facts: Facts) {
  if (d.flowId === null || d.relationId === null) return;
  const type =
    d.kind === 'quotation'
      ? 'approvequotationbycustomer'
      : d.kind === 'confirmation'
        ? 'approveconfirmationbycustomer'
        : d.documentTypeId !== null
          ? documentMailTemplateType('approve', d.documentTypeId)
          : null;
  if (!type) return;
  const [template] = await standardMailTemplate(tx, d.flowId, type);
  if (!template) return;
  const [rel] = await tx
    .select({ email: relation.email })
    .from(relation)
    .where(eq(relation.id, d.relationId));
  if (!rel?.email) return;
  const [f] = await tx.select({ userId: flow.userId }).from(flow).where(eq(flow.id, d.flowId));
  const data = await documentMergeData(tx, d, f?.userId ?? null, deps.appUrl);
  await queueFlowMail(tx, deps.mailer, {
    flowId: d.flowId,
    companyId: d.companyId,
    userId: f?.userId ?? null,
    to: rel.email,
    subject: renderMergeTags(template.subject, data, { html: false }).slice(0, 300),
    html: renderMergeTags(template.message, data, { html: true }),
    files: [],
    templateId: template.id,
  });
}
