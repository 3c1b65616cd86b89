import type { DomainAction, DomainEntityType } from '@im/domain';
import { deferWrite, notifyAfterCommit, type Tx } from '../db/database';
import { CURRENT_COMPANY_ID } from '../db/tenancy-sql';
import { DOMAIN_EVENT_CHANNEL } from './channel';

/** Sign-ins and sign-outs are logged, but they change no record: no domain event. */
type SessionAction = 'login' | 'logout' | 'adminlogin';

export interface LogEntry {
  type: DomainEntityType;
  id: number | null;
  action: DomainAction | SessionAction;
  description: string;
  changes?: Record<string, unknown>;
  /** The flow the change belongs to, when the entity is not the flow itself (a flow's file). */
  flowId?: number | null;
  /** Only needed in platform scope, where the transaction has no company of its own. */
  companyId?: number;
  /** Announce the change without a log item (a notification for one user is no event of the flow's history). */
  eventOnly?: boolean;
}

const SESSION_ACTIONS: ReadonlySet<string> = new Set<SessionAction>(['login', 'logout', 'adminlogin']);

/**
 * The one place a feature announces a change: writes the log item and the domain event (the outbox row)
 * in one statement of the caller's transaction; the event's `pg_notify` goes out once it committed
 * (`notifyAfterCommit`), and not at all when it rolls back. Acting user and impersonating admin come from
 * the transaction's settings. The statement travels with the transaction's next statement or its commit
 * (`deferWrite`: nothing waits for its answer), so a change's log costs no round trip of its own.
 */
export async function writeLog(tx: Tx, entry: LogEntry): Promise<void> {
  const changes = entry.changes === undefined ? null : JSON.stringify(entry.changes);
  const logValues = [entry.companyId ?? null, entry.type, entry.id, entry.action, entry.description, changes];
  if (SESSION_ACTIONS.has(entry.action)) {
    await deferWrite(tx, LOG_SQL, logValues);
    return;
  }
  const flowId = entry.type === 'flow' ? entry.id : (entry.flowId ?? null);
  const changed = JSON.stringify(Object.keys(entry.changes ?? {}));
  await deferWrite(
    tx,
    entry.eventOnly ? EVENT_SQL : LOG_AND_EVENT_SQL,
    [...logValues, `${entry.type}.${entry.action}`, flowId, changed],
    (rows) => notifyAfterCommit(tx, DOMAIN_EVENT_CHANNEL, (rows[0] as { payload: string }).payload),
  );
}

// Fixed texts (every change writes one: decision 014), so each connection keeps them prepared. $1 is the
// company when given (platform scope), else the transaction's own.
const COMPANY = `coalesce($1::integer, ${CURRENT_COMPANY_ID})`;
const LOG_SQL = `insert into log_item (company_id, loggable_type, loggable_id, action, description, changes)
  values (${COMPANY}, $2::text, $3::integer, $4::text, $5::text, $6::jsonb)`;
const eventSql = (log: string) => `with l as (${log}),
  e as (insert into domain_event (company_id, kind, entity_type, entity_id, flow_id, changed, changes)
    values (${COMPANY}, $7::text, $2::text, $3::integer, $8::integer, $9::jsonb, $6::jsonb)
    returning *)
  select json_build_object(
    'id', e.id::text, 'kind', e.kind, 'company_id', e.company_id, 'entity_type', e.entity_type,
    'entity_id', e.entity_id, 'flow_id', e.flow_id, 'actor_user_id', e.actor_user_id,
    'actor_admin_user_id', e.actor_admin_user_id, 'changed', e.changed, 'created_at', e.created_at)::text as payload
  from e`;
const LOG_AND_EVENT_SQL = eventSql(LOG_SQL);
// The event alone still names every parameter ($4 action, $5 description): PostgreSQL must know each one's type.
const EVENT_SQL = eventSql('select $4::text, $5::text');
