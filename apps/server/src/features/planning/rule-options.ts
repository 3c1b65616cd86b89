// The records a rule can name (its morph, user, condition values), of the caller's company. Also
// gives the readable label of a rule's morph_id and user_id in the rule list.
import {
  type ActionMorph,
  FLOW_STATUS_LABELS,
  type FlowStatus,
  RULE_USER_EVERYONE,
  RULE_USER_HANDLER,
  type RuleOptions,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';

type Named = { id: number; name: string };

async function rows<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await tx.execute(query)).rows as T[];
}

export async function loadRuleOptions(tx: Tx): Promise<RuleOptions> {
  const [settings] = await rows<{ flow_tags: string[] }>(
    tx,
    sql`select flow_tags from company_settings limit 1`,
  );
  return {
    flowphases: await rows(
      tx,
      sql`select id, description as name, flowstage from flow_phase order by flowstage, "order", id`,
    ),
    flowprofiles: await rows(
      tx,
      sql`select id, name from flow_profile where deleted_at is null order by name, id`,
    ),
    mailtemplates: await rows(
      tx,
      sql`select id, description as name, template_type from mail_template order by template_type, description, id`,
    ),
    messagetemplates: await rows(
      tx,
      sql`select id, description as name from message_template order by description, id`,
    ),
    webhookconnections: await rows(
      tx,
      sql`select id, name, status from webhook_connection order by name, id`,
    ),
    documenttemplates: await rows(
      tx,
      sql`select id, title as name, kind from sales_document
          where is_template and deleted_at is null and kind in ('quotation', 'confirmation', 'document')
          order by kind, title, id`,
    ),
    tasktemplates: await rows(
      tx,
      sql`select id, description as name from task where is_template order by description, id`,
    ),
    users: await rows(
      tx,
      sql`select id, trim(concat_ws(' ', nullif(name, ''), nullif(nameprefix, ''), nullif(surname, ''))) as name
          from "user" where deleted_at is null order by name, id`,
    ),
    // The haspartner / doesnothavepartner conditions name one of these (decision 056).
    partners: await rows(tx, sql`select id, name from partner order by lower(name), id`),
    formfields: await rows(
      tx,
      sql`select f.id, f.vertical_id, v.name as vertical_name, f.field_label as label
          from vertical_data_field f join vertical v on v.id = f.vertical_id
          where not v.archived order by v.name, f."order", f.id`,
    ),
    flow_tags: settings?.flow_tags ?? [],
  };
}

/** Which list of the options a morph names its record in. */
const MORPH_LIST: Record<Exclude<ActionMorph, 'flowstatus'>, keyof RuleOptions> = {
  flowphase: 'flowphases',
  flowprofile: 'flowprofiles',
  mailtemplate: 'mailtemplates',
  messagetemplate: 'messagetemplates',
  webhookconnection: 'webhookconnections',
  documenttemplate: 'documenttemplates',
  tasktemplate: 'tasktemplates',
};

/**
 * The readable name of what a rule's morph_id (or, for a status, its text) names among the company's
 * records; null when it is gone. The same options the modal offers, so a rule names only what it may.
 */
export function morphLabel(
  options: RuleOptions,
  morph: ActionMorph | undefined,
  morphId: number | null,
  text: string,
): string | null {
  if (!morph) return null;
  if (morph === 'flowstatus') return FLOW_STATUS_LABELS[text as FlowStatus] ?? null;
  if (morphId === null) return null;
  const list = options[MORPH_LIST[morph]] as Named[];
  return list.find((r) => r.id === morphId)?.name ?? null;
}

export function userLabel(options: RuleOptions, userId: number | null): string | null {
  if (userId === null) return null;
  if (userId === RULE_USER_EVERYONE) return 'Iedereen';
  if (userId === RULE_USER_HANDLER) return 'Behandelaar van het dossier';
  return options.users.find((u) => u.id === userId)?.name ?? null;
}
