import {
  ALT_DASHBOARDS,
  type AltDashboard,
  MODULE_TAGS,
  type ModuleFlags,
  moduleFlagKey,
  type SessionData,
} from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { company, companySettings } from '../companies/companies.schema';
import { displayName } from './serialize-user';
import { user } from './users.schema';

/** The session data of spec 000 section 3 for the caller (answer of getcurrentuser and of a login). */
export async function buildSessionData(tx: Tx, auth: AuthContext): Promise<SessionData> {
  // One statement: every request of the app starts with this call.
  const [row] = await tx
    .select({
      u: {
        id: user.id,
        name: user.name,
        nameprefix: user.nameprefix,
        surname: user.surname,
        email: user.email,
        role: user.role,
        altDashboard: user.altDashboard,
        experimentalFeatureFlags: user.experimentalFeatureFlags,
        simplemode: user.simplemode,
        moduleBlacklist: user.moduleBlacklist,
      },
      c: {
        name: company.name,
        appname: companySettings.appname,
        appdescription: companySettings.appdescription,
      },
    })
    .from(user)
    .leftJoin(company, eq(company.id, auth.companyId))
    .leftJoin(companySettings, eq(companySettings.companyId, company.id))
    .where(and(eq(user.id, auth.userId), isNull(user.deletedAt)))
    .limit(1);
  const u = row?.u;
  const c = row?.c;
  if (!u || !c || c.name === null) throw notFound();
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
    companyname: c.name,
    currentcompany_id: auth.companyId,
    appname: c.appname ?? 'Installatiemanager',
    appdescription: c.appdescription ?? '',
    altDashboard,
    experimental_feature_flags: u.experimentalFeatureFlags,
    simplemode: u.simplemode,
    modules: [...auth.modules],
    module_blacklist: u.moduleBlacklist,
    impersonator_user_id: auth.impersonatorUserId,
    ...flags,
  };
}
