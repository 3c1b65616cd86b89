// Event triggers of workflow rules (spec 000 sections 3 and 9; decision 027): what can start a rule.
// A trigger is a tag with a Dutch description, the flow stage it belongs to and whether it concerns a
// document or a task. The platform administrator edits description and stage; the tags are fixed,
// because the engine maps domain events onto them (`triggersOfEvent`).
import { LEAD_DATE_FIELDS, type LeadDateField } from '../contract/flows';
import type { FlowStage } from '../flows';

export const LEAD_DATE_LABELS: Record<LeadDateField, string> = {
  date_lead: 'aanvraagdatum',
  date_intake: 'opnamedatum',
  date_quotation: 'offertedatum',
  date_confirmation: 'opdrachtdatum',
  date_project: 'uitvoeringsdatum',
  date_project_start: 'startdatum uitvoering',
  date_invoice: 'factuurdatum',
  date_aftercare: 'servicedatum',
  date_archived: 'archiveringsdatum',
};

type TriggerStage = FlowStage | 'algemeen';

export interface EventTriggerDefinition {
  tag: string;
  description: string;
  flowstage: TriggerStage;
  hasDocument: boolean;
  hasTask: boolean;
  /** A date trigger fires a delay before or after a lead date instead of on an event. */
  leadDate?: LeadDateField;
}

const doc = (kind: string, label: string, stage: TriggerStage): EventTriggerDefinition[] => [
  {
    tag: `${kind}_sent`,
    description: `${label} verstuurd`,
    flowstage: stage,
    hasDocument: true,
    hasTask: false,
  },
  {
    tag: `${kind}_approved`,
    description: `${label} goedgekeurd`,
    flowstage: stage,
    hasDocument: true,
    hasTask: false,
  },
  {
    tag: `${kind}_rejected`,
    description: `${label} afgekeurd`,
    flowstage: stage,
    hasDocument: true,
    hasTask: false,
  },
];

const plain = (tag: string, description: string, flowstage: TriggerStage): EventTriggerDefinition => ({
  tag,
  description,
  flowstage,
  hasDocument: false,
  hasTask: false,
});

export const EVENT_TRIGGERS: readonly EventTriggerDefinition[] = [
  plain('flow_created', 'Dossier aangemaakt', 'new'),
  plain('flow_created_website', 'Dossier aangemaakt via een website', 'new'),
  plain('flow_status_changed', 'Status van het dossier gewijzigd', 'algemeen'),
  plain('flow_substatus_changed', 'Substatus van het dossier gewijzigd', 'algemeen'),
  plain('flow_tags_changed', 'Tags van het dossier gewijzigd', 'algemeen'),
  ...doc('quotation', 'Offerte', 'quotation'),
  ...doc('confirmation', 'Opdrachtbevestiging', 'confirmation'),
  ...doc('document', 'Document', 'project'),
  {
    tag: 'invoice_sent',
    description: 'Factuur verstuurd',
    flowstage: 'invoice',
    hasDocument: true,
    hasTask: false,
  },
  {
    tag: 'invoice_paid',
    description: 'Factuur betaald',
    flowstage: 'invoice',
    hasDocument: true,
    hasTask: false,
  },
  {
    tag: 'invoice_overdue',
    description: 'Factuur vervallen',
    flowstage: 'invoice',
    hasDocument: true,
    hasTask: false,
  },
  plain('intake_planned', 'Opname ingepland', 'intake'),
  plain('intake_completed', 'Opname afgerond', 'intake'),
  plain('project_planned', 'Uitvoering ingepland', 'project'),
  plain('project_completed', 'Uitvoering afgerond', 'project'),
  {
    tag: 'task_completed',
    description: 'Taak afgerond',
    flowstage: 'algemeen',
    hasDocument: false,
    hasTask: true,
  },
  plain('message_from_customer', 'Bericht van de klant ontvangen', 'algemeen'),
  plain('incident_reported', 'Incident gemeld', 'aftercare'),
  plain('form_sent_by_customer', 'Formulier verstuurd door de klant', 'algemeen'),
  ...LEAD_DATE_FIELDS.map(
    (field): EventTriggerDefinition => ({
      tag: `leaddate_${field.slice('date_'.length)}`,
      description: `Ten opzichte van de ${LEAD_DATE_LABELS[field]}`,
      flowstage: 'algemeen',
      hasDocument: false,
      hasTask: false,
      leadDate: field,
    }),
  ),
];

export const EVENT_TRIGGER_TAGS = EVENT_TRIGGERS.map((t) => t.tag);

export function triggerDefinition(tag: string): EventTriggerDefinition | undefined {
  return EVENT_TRIGGERS.find((t) => t.tag === tag);
}

/** What the engine needs to know of one domain event (the outbox row plus its logged changes). */
export interface TriggerEventFacts {
  kind: string;
  changes: Record<string, unknown> | null;
}

const toOf = (value: unknown): unknown => (Array.isArray(value) && value.length === 2 ? value[1] : value);

/**
 * The event triggers one domain event sets off. Changes are logged as `{field: [from, to]}` or as the
 * new value; customers' own actions carry `by: 'customer'`.
 */
export function triggersOfEvent(event: TriggerEventFacts): string[] {
  const [entity, action] = event.kind.split('.') as [string, string];
  const changes = event.changes ?? {};
  const status = toOf(changes.status);
  const byCustomer = changes.by === 'customer';
  const out: string[] = [];
  switch (entity) {
    case 'flow':
      if (action === 'create') out.push('flow_created');
      if (action === 'create' && changes.website_id) out.push('flow_created_website');
      if (action === 'status' && 'flow_status' in changes) out.push('flow_status_changed');
      if (action === 'status' && 'flow_phase_id' in changes) out.push('flow_substatus_changed');
      if ((action === 'update' || action === 'status') && 'tags' in changes) out.push('flow_tags_changed');
      break;
    case 'quotation':
    case 'confirmation':
    case 'document':
    case 'invoice':
      if (action === 'send') out.push(`${entity}_sent`);
      if (action === 'status' && status === 'approved' && entity !== 'invoice')
        out.push(`${entity}_approved`);
      if (action === 'status' && status === 'rejected' && entity !== 'invoice')
        out.push(`${entity}_rejected`);
      if (entity === 'invoice' && action === 'status' && status === 'paid') out.push('invoice_paid');
      // Once per invoice: the day it is first found past its due date with an amount owed.
      if (entity === 'invoice' && action === 'overdue') out.push('invoice_overdue');
      break;
    case 'intake':
      if (status === 'planned') out.push('intake_planned');
      if (status === 'completed') out.push('intake_completed');
      break;
    case 'project':
      if (status === 'planned') out.push('project_planned');
      if (status === 'completed') out.push('project_completed');
      break;
    case 'task':
      if (status === 'afgerond') out.push('task_completed');
      break;
    case 'message':
      if (action === 'create' && byCustomer) out.push('message_from_customer');
      break;
    case 'incident':
      if (action === 'create') out.push('incident_reported');
      break;
    case 'flowdataitem':
      if (byCustomer && status === 'sent') out.push('form_sent_by_customer');
      break;
  }
  return [...new Set(out)];
}

/** Whether an event may have moved a flow's lead dates (date triggers are then planned again). */
export function touchesLeadDates(event: TriggerEventFacts): boolean {
  const [entity, action] = event.kind.split('.');
  if (entity !== 'flow') return false;
  if (action === 'create' || action === 'status' || action === 'restore') return true;
  const changes = event.changes ?? {};
  return action === 'update' && LEAD_DATE_FIELDS.some((f) => f in changes);
}
