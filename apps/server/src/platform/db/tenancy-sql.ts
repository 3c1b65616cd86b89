import { sql } from 'drizzle-orm';
import { integer, pgPolicy } from 'drizzle-orm/pg-core';

/**
 * Settings the data layer puts on every transaction (set_config(..., true)). Column defaults and
 * row-level-security policies read them, so a query cannot forget its company.
 */
export const SETTING = {
  companyId: 'app.company_id',
  userId: 'app.user_id',
  impersonatorId: 'app.impersonator_id',
  allCompanies: 'app.all_companies',
  /** Set by the workflow engine in a rule's transaction: the depth its changes' events carry. */
  ruleDepth: 'app.rule_depth',
} as const;

/** The transaction's company, as SQL text (for fixed texts) and as a drizzle fragment. */
export const CURRENT_COMPANY_ID = `nullif(current_setting('${SETTING.companyId}', true), '')::integer`;
export const currentCompanyIdSql = sql.raw(CURRENT_COMPANY_ID);
export const currentUserIdSql = sql.raw(`nullif(current_setting('${SETTING.userId}', true), '')::integer`);
export const currentImpersonatorIdSql = sql.raw(
  `nullif(current_setting('${SETTING.impersonatorId}', true), '')::integer`,
);
export const allCompaniesSql = sql.raw(
  `coalesce(current_setting('${SETTING.allCompanies}', true), '') = 'on'`,
);

/** The `company_id` column every company-owned table has; filled from the transaction's company. */
export const companyIdColumn = () => integer('company_id').notNull().default(currentCompanyIdSql);

/**
 * Row-level security: a row is visible and writable only for its own company (or in platform scope). The
 * settings are read in sub-selects, which PostgreSQL runs once per statement (an InitPlan), not twice for
 * every row it looks at: a list's small tables are read whole, and the policy was most of that (decision 077).
 */
export function tenantPolicy(column = 'company_id') {
  const expr = sql.raw(
    `${column} = (select nullif(current_setting('${SETTING.companyId}', true), '')::integer) or (select coalesce(current_setting('${SETTING.allCompanies}', true), '') = 'on')`,
  );
  return pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    to: 'public',
    using: expr,
    withCheck: expr,
  });
}
