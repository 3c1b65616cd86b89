import { z } from 'zod';
import type { ModuleTag } from './modules';

/**
 * Domain events: what a use-case announces when it changes a record, in the same transaction as
 * the change (the server's outbox). The live channel carries them to browsers; workflow rules and
 * webhooks consume the same events. The kind is `<entity>.<action>`.
 */
export const DOMAIN_ENTITY_TYPES = [
  'flow',
  'relation',
  'organization',
  'location',
  'locationtype',
  'flowphase',
  'flowprofile',
  'file',
  'company',
  'companysettings',
  'user',
  'module',
  'subscription',
  'subscriptiontype',
  'systemnotification',
  'product',
  'producttablerow',
  'calculation',
  'calculationitem',
  'note',
  'action',
  'agendaitem',
  'task',
  'message',
  'notification',
  'incident',
  'incidenttype',
  'quotation',
  'confirmation',
  'document',
  'invoice',
  'documentwidget',
  'documenttype',
  'documentwidgettype',
  'vertical',
  'verticaldatafield',
  'flowdataitem',
  'intake',
  'project',
  'picture',
  'eventtriggerrule',
  'eventtrigger',
  'delayedrule',
  'webhookconnection',
  'website',
  'partner',
  'partnerproject',
] as const;
export type DomainEntityType = (typeof DOMAIN_ENTITY_TYPES)[number];

export const DOMAIN_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'forcedelete',
  'status',
  'merge',
  'duplicate',
  'resethash',
  'upload',
  'password',
  'module',
  'import',
  'send',
  'overdue',
] as const;
export type DomainAction = (typeof DOMAIN_ACTIONS)[number];

export type DomainEventKind = `${DomainEntityType}.${DomainAction}`;

/**
 * Who may receive an entity's events: the module and minimum role of the routes that read it.
 * `null`: no browser receives them (they stay for durable consumers).
 */
export const DOMAIN_EVENT_ACCESS: Record<DomainEntityType, { module: ModuleTag; minRole: number } | null> = {
  flow: { module: 'CRM', minRole: 0 },
  relation: { module: 'CRM', minRole: 0 },
  organization: { module: 'CRM', minRole: 0 },
  location: { module: 'CRM', minRole: 0 },
  locationtype: { module: 'CRM', minRole: 0 },
  flowphase: { module: 'CRM', minRole: 0 },
  flowprofile: { module: 'CRM', minRole: 0 },
  file: { module: 'CRM', minRole: 0 },
  company: { module: 'SETTINGS', minRole: 1000 },
  companysettings: { module: 'SETTINGS', minRole: 1000 },
  user: { module: 'SETTINGS', minRole: 1000 },
  module: { module: 'ADMIN', minRole: 0 },
  subscription: { module: 'ADMIN', minRole: 0 },
  subscriptiontype: { module: 'ADMIN', minRole: 0 },
  systemnotification: { module: 'ADMIN', minRole: 0 },
  product: { module: 'SETTINGS', minRole: 100 },
  producttablerow: { module: 'SETTINGS', minRole: 100 },
  calculation: { module: 'SALES', minRole: 100 },
  calculationitem: { module: 'SALES', minRole: 100 },
  note: { module: 'CRM', minRole: 0 },
  action: { module: 'BASIS', minRole: 0 },
  agendaitem: { module: 'CRM', minRole: 0 },
  task: { module: 'BASIS', minRole: 0 },
  message: { module: 'CRM', minRole: 0 },
  notification: { module: 'BASIS', minRole: 0 },
  incident: { module: 'CRM', minRole: 0 },
  incidenttype: { module: 'CRM', minRole: 0 },
  quotation: { module: 'QUOTATION', minRole: 100 },
  confirmation: { module: 'CONFIRMATION', minRole: 100 },
  document: { module: 'PROJECT', minRole: 100 },
  invoice: { module: 'INVOICE', minRole: 100 },
  documentwidget: { module: 'SALES', minRole: 100 },
  documenttype: { module: 'SETTINGS', minRole: 100 },
  documentwidgettype: null,
  vertical: { module: 'SETTINGS', minRole: 100 },
  verticaldatafield: { module: 'SETTINGS', minRole: 100 },
  flowdataitem: { module: 'CRM', minRole: 0 },
  intake: { module: 'INTAKE', minRole: 100 },
  project: { module: 'PROJECT', minRole: 100 },
  picture: { module: 'CRM', minRole: 0 },
  eventtriggerrule: { module: 'SETTINGS', minRole: 100 },
  eventtrigger: { module: 'SETTINGS', minRole: 100 },
  delayedrule: { module: 'CRM', minRole: 0 },
  webhookconnection: { module: 'SETTINGS', minRole: 100 },
  website: { module: 'SETTINGS', minRole: 100 },
  partner: { module: 'PARTNERMANAGEMENT', minRole: 100 },
  partnerproject: { module: 'PARTNERMANAGEMENT', minRole: 100 },
};

const zKind = z.custom<DomainEventKind>((value) => {
  if (typeof value !== 'string') return false;
  const [entity, action, ...rest] = value.split('.');
  return (
    rest.length === 0 &&
    (DOMAIN_ENTITY_TYPES as readonly string[]).includes(entity ?? '') &&
    (DOMAIN_ACTIONS as readonly string[]).includes(action ?? '')
  );
}, 'Onbekend soort gebeurtenis');

/** One event as the outbox keeps it and the live channel sends it (`id` orders a company's events). */
export const zDomainEvent = z.object({
  id: z.string().regex(/^\d+$/),
  kind: zKind,
  company_id: z.number().int(),
  entity_type: z.enum(DOMAIN_ENTITY_TYPES),
  entity_id: z.number().int().nullable(),
  /** The flow the change belongs to (its own id for a flow): events of one flow are consumed in order. */
  flow_id: z.number().int().nullable(),
  actor_user_id: z.number().int().nullable(),
  actor_admin_user_id: z.number().int().nullable(),
  /** Names of the fields that changed (values stay in the log item, behind the same access as reads). */
  changed: z.array(z.string()),
  created_at: z.string(),
});
export type DomainEvent = z.infer<typeof zDomainEvent>;

export function entityOfKind(kind: DomainEventKind): DomainEntityType {
  return kind.split('.')[0] as DomainEntityType;
}

/** Whether a user with these modules and role may receive the event on the live channel. */
export function mayReceiveEvent(
  event: Pick<DomainEvent, 'entity_type'>,
  user: { modules: ReadonlySet<string>; role: number },
): boolean {
  const access = DOMAIN_EVENT_ACCESS[event.entity_type];
  return access !== null && user.modules.has(access.module) && user.role >= access.minRole;
}

/** Server-sent event names on `GET /api/live/events`. */
export const LIVE_EVENT = { domain: 'domain', ready: 'ready' } as const;
