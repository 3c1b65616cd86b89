// The action types of workflow rules (spec 000 sections 4 and 9: "about 29 Dutch action type labels").
// Each names what it does with the rule's fields: `morph_id` points at the record it uses (a template,
// a phase, a request profile, a webhook connection, ...), `user_id` at a user (0 = everyone, 9999999 =
// the flow's handler), `text` is the content, `flowTags` the tags. `needs` drives validation (server)
// and the rule modal (web) alike.

export type ActionMorph =
  | 'flowstatus'
  | 'flowphase'
  | 'flowprofile'
  | 'mailtemplate'
  | 'messagetemplate'
  | 'webhookconnection'
  | 'documenttemplate'
  | 'tasktemplate';

export interface ActionTypeDefinition {
  type: string;
  label: string;
  /** The record `morph_id` must name (for flowstatus: the status is in `text`). */
  morph?: ActionMorph;
  /** `user_id` must be set: a user, 0 (everyone, where allowed) or 9999999 (the flow's handler). */
  user?: 'required' | 'optional';
  /** `text` must be filled in. */
  text?: boolean;
  /** `flowTags` must hold at least one tag. */
  tags?: boolean;
}

export const ACTION_TYPES = [
  { type: 'change_status', label: 'Status van het dossier wijzigen', morph: 'flowstatus', text: true },
  { type: 'change_substatus', label: 'Substatus van het dossier wijzigen', morph: 'flowphase' },
  { type: 'change_flowprofile', label: 'Aanvraagprofiel wijzigen', morph: 'flowprofile' },
  { type: 'change_handler', label: 'Behandelaar wijzigen', user: 'required' },
  { type: 'change_office_handler', label: 'Binnendienstmedewerker wijzigen', user: 'required' },
  { type: 'change_execution_handler', label: 'Uitvoerder wijzigen', user: 'required' },
  { type: 'change_flow_description', label: 'Omschrijving van het dossier wijzigen', text: true },
  { type: 'change_appointment_description', label: 'Omschrijving van de afspraken wijzigen', text: true },
  { type: 'add_flow_tags', label: 'Tags aan het dossier toevoegen', tags: true },
  { type: 'remove_flow_tags', label: 'Tags van het dossier verwijderen', tags: true },
  { type: 'start_project', label: 'Uitvoering starten' },
  { type: 'finish_project', label: 'Uitvoering afronden' },
  { type: 'create_intake', label: 'Opname aanmaken' },
  { type: 'create_quotation', label: 'Offerte aanmaken', morph: 'documenttemplate' },
  { type: 'create_confirmation', label: 'Opdrachtbevestiging aanmaken', morph: 'documenttemplate' },
  { type: 'create_document', label: 'Document aanmaken', morph: 'documenttemplate' },
  { type: 'create_appointment', label: 'Afspraak aanmaken', user: 'required', text: true },
  { type: 'create_task', label: 'Taak aanmaken', morph: 'tasktemplate' },
  { type: 'create_note', label: 'Notitie aanmaken', text: true },
  { type: 'delete_actions', label: 'Open acties verwijderen' },
  { type: 'delete_agendaitems', label: 'Toekomstige afspraken verwijderen' },
  { type: 'delete_delayed_rules', label: 'Uitgestelde regels verwijderen' },
  { type: 'create_notification', label: 'Notificatie aanmaken', user: 'required', text: true },
  { type: 'create_action', label: 'Actie aanmaken', user: 'required', text: true },
  { type: 'send_email', label: 'E-mail naar de klant sturen', morph: 'mailtemplate' },
  { type: 'send_email_to_user', label: 'E-mail naar een gebruiker sturen', user: 'required', text: true },
  { type: 'send_message', label: 'Bericht naar de klant sturen', morph: 'messagetemplate' },
  { type: 'send_webhook', label: 'Naar webhook sturen', morph: 'webhookconnection' },
  { type: 'assist_mail', label: 'E-mail klaarzetten ter controle', morph: 'mailtemplate' },
  { type: 'send_payment_reminder', label: 'Betalingsherinnering sturen' },
  { type: 'send_payment_notice', label: 'Aanmaning sturen' },
] as const satisfies readonly ActionTypeDefinition[];

export type ActionType = (typeof ACTION_TYPES)[number]['type'];
export const ACTION_TYPE_TAGS = ACTION_TYPES.map((a) => a.type) as [ActionType, ...ActionType[]];

export function actionDefinition(type: string): ActionTypeDefinition | undefined {
  return (ACTION_TYPES as readonly ActionTypeDefinition[]).find((a) => a.type === type);
}

export function actionLabel(type: string): string {
  return actionDefinition(type)?.label ?? type;
}

/** Special user ids of spec 000 section 9. */
export const RULE_USER_EVERYONE = 0;
export const RULE_USER_HANDLER = 9_999_999;

/** How deep rules may set off rules: a rule's change at this depth fires no further rules (logged). */
export const MAX_RULE_DEPTH = 5;
