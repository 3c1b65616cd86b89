import { sql } from 'drizzle-orm';

/**
 * The flows a project's cockpit counts and lists: live, not cancelled, not the main flow (spec 001 section 2).
 * `p` is the project's alias.
 */
export const PROJECT_FLOW_SQL = sql`f.partner_project_id = p.id and f.deleted_at is null
  and f.flow_status <> 'cancelled' and f.id is distinct from p.mainflow_id`;
