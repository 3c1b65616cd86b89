import {
  ALT_DASHBOARDS,
  type AltDashboard,
  MODULE_TAGS,
  type ModuleFlags,
  moduleFlagKey,
  type SessionData,
} from '@im/domain';
import type { AuthContext } from '../../platform/auth/auth-context';
import { type ReadPlan, readPlan, runPlan, type Tx } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { displayName } from './serialize-user';

interface SessionRow {
  id: number;
  name: string;
  nameprefix: string;
  surname: string;
  email: string;
  role: number;
  altDashboard: string;
  experimentalFeatureFlags: string[];
  simplemode: number;
  moduleBlacklist: string[];
  company_name: string | null;
  appname: string | null;
  appdescription: string | null;
}

const SESSION_SQL = `select u.id, u.name, u.nameprefix, u.surname, u.email, u.role, u.alt_dashboard as "altDashboard",
    u.experimental_feature_flags as "experimentalFeatureFlags", u.simplemode, u.module_blacklist as "moduleBlacklist",
    c.name as company_name, s.appname, s.appdescription
  from "user" u
  left join company c on c.id = $2
  left join company_settings s on s.company_id = c.id
  where u.id = $1 and u.deleted_at is null
  limit 1`;

/** The session data of spec 000 section 3 for the caller (answer of getcurrentuser and of a login). */
export async function buildSessionData(tx: Tx, auth: AuthContext): Promise<SessionData> {
  return runPlan(tx, sessionDataPlan(auth));
}

/**
 * The session data as a read plan: one statement of a fixed text (every screen of the app starts with
 * this call, so getcurrentuser runs it with the set-up in one round trip: `tenantReads`).
 */
export function sessionDataPlan(auth: AuthContext): ReadPlan<SessionData> {
  return readPlan(
    [{ text: SESSION_SQL, values: [auth.userId, auth.companyId], map: (rows: SessionRow[]) => rows[0] }],
    ([u]) => toSessionData(u, auth),
  );
}

function toSessionData(u: SessionRow | undefined, auth: AuthContext): SessionData {
  if (!u || u.company_name === null) throw notFound();
  const altDashboard = (ALT_DASHBOARDS as readonly string[]).includes(u.altDashboard)
    ? (u.altDashboard as AltDashboard)
    : '';
  const flags = Object.fromEntries(
    MODULE_TAGS.map((tag) => [moduleFlagKey(tag), auth.modules.has(tag)]),
  ) as ModuleFlags;
  return {
    currentuser_id: u.id,
    username: displayName(u),
    email: u.email,
    userrole: u.role,
    user_type: auth.userType,
    companyname: u.company_name,
    currentcompany_id: auth.companyId,
    appname: u.appname ?? 'Installatiemanager',
    appdescription: u.appdescription ?? '',
    altDashboard,
    experimental_feature_flags: u.experimentalFeatureFlags,
    simplemode: u.simplemode,
    modules: [...auth.modules],
    module_blacklist: u.moduleBlacklist,
    impersonator_user_id: auth.impersonatorUserId,
    ...flags,
  };
}
