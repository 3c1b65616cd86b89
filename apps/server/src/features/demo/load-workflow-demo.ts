import { type SaveEventTriggerRule, zSaveEventTriggerRule } from '@im/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { mailTemplate } from '../../platform/db/tables/mailtemplates.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { user } from '../../platform/db/tables/users.schema';
import { webhookConnection } from '../../platform/db/tables/webhooks.schema';
import { eventTriggerRule } from '../../platform/db/tables/workflow.schema';
import type { Logger } from '../../platform/logger';
import { saveMailTemplate } from '../mailtemplates';
import { createRule } from '../workflow';
import { CRM_DEMO } from './crm-demo-data';
import { DEMO_WEBHOOK_NAME } from './load-webhooks-demo';

const WEBSITE_MAIL = 'Bevestiging aanvraag via de website';

/** The website confirmation mail the demo's website rule sends (made once). */
async function websiteMail(tx: Tx): Promise<number> {
  const [found] = await tx
    .select({ id: mailTemplate.id })
    .from(mailTemplate)
    .where(
      and(eq(mailTemplate.templateType, 'newflowfromwebsite'), eq(mailTemplate.description, WEBSITE_MAIL)),
    );
  if (found) return found.id;
  const saved = await saveMailTemplate(tx, null, {
    template_type: 'newflowfromwebsite',
    description: WEBSITE_MAIL,
    subject: 'Wij hebben uw aanvraag ontvangen (dossier {{ dossier.nummer }})',
    message:
      '<p>Beste {{ relatie.naam }},</p><p>Bedankt voor uw aanvraag via onze website. Een adviseur neemt binnen twee werkdagen contact met u op om een afspraak voor de opname te maken.</p><p>Met vriendelijke groet,<br>{{ bedrijf.naam }}</p>',
  });
  return saved!;
}

/**
 * The rule set a real installer would use (issue 16's demo): a website lead notifies the sales handler
 * and mails the customer; three days after a sent quotation that is not yet approved, a call-back
 * action; an approved quotation moves the flow to the order stage and plans an intake task; an order
 * goes to the demo webhook. Loaded once per demo company.
 */
export async function loadWorkflowDemoData(db: Database, logger: Logger): Promise<void> {
  for (const demo of CRM_DEMO) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    await db.tenant({ companyId: target.id }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:workflow-demo'), ${target.id})`,
      );
      const [existing] = await tx.select({ id: eventTriggerRule.id }).from(eventTriggerRule).limit(1);
      if (existing) return;
      const [manager] = await tx.select({ id: user.id }).from(user).where(eq(user.role, 1000)).limit(1);
      const [intakeTemplate] = await tx
        .select({ id: task.id })
        .from(task)
        .where(and(eq(task.isTemplate, true), eq(task.type, 'opname')))
        .limit(1);
      const [hook] = await tx
        .select({ id: webhookConnection.id })
        .from(webhookConnection)
        .where(eq(webhookConnection.name, DEMO_WEBHOOK_NAME));
      const rules: Partial<SaveEventTriggerRule>[] = [
        {
          event_trigger_tag: 'flow_created_website',
          type: 'create_notification',
          user_id: 9_999_999,
          text: 'Nieuwe aanvraag via de website van {{ relatie.naam }} (dossier {{ dossier.nummer }}).',
          description: 'Websiteaanvraag: behandelaar een notificatie sturen',
        },
        {
          event_trigger_tag: 'flow_created_website',
          type: 'send_email',
          morph_id: await websiteMail(tx),
          description: 'Websiteaanvraag: de klant een bevestiging mailen',
        },
        {
          event_trigger_tag: 'quotation_sent',
          type: 'create_action',
          user_id: 9_999_999,
          text: 'Offerte nabellen: {{ relatie.naam }} ({{ relatie.telefoon }})',
          description: 'Drie dagen na een verstuurde offerte nabellen als die nog niet is goedgekeurd',
          is_delayed: true,
          delaytime_raw: 3,
          delaytime_unit: 'days',
          cancel_tags: 'offerte akkoord,niet nabellen',
          conditions: [
            { type: 'flow', field_name: 'flow_status', operator: 'issame', field_value: 'quotation' },
          ],
        },
        {
          event_trigger_tag: 'quotation_approved',
          type: 'change_status',
          text: 'confirmation',
          description: 'Goedgekeurde offerte: dossier naar Opdracht',
        },
        ...(intakeTemplate
          ? [
              {
                event_trigger_tag: 'quotation_approved',
                type: 'create_task' as const,
                morph_id: intakeTemplate.id,
                description: 'Goedgekeurde offerte: opname inplannen',
              },
            ]
          : []),
        ...(hook
          ? [
              {
                event_trigger_tag: 'flow_status_changed',
                type: 'send_webhook' as const,
                morph_id: hook.id,
                description: 'Nieuwe opdracht doorzetten naar het CRM-systeem',
                conditions: [
                  {
                    type: 'flow' as const,
                    field_name: 'flow_status',
                    operator: 'issame' as const,
                    field_value: 'confirmation',
                  },
                ],
              },
            ]
          : []),
      ];
      for (const r of rules) await createRule(tx, zSaveEventTriggerRule.parse(r), manager?.id ?? null);
      logger.info({ company: demo.company, rules: rules.length }, 'demo workflow rules loaded');
    });
  }
}
