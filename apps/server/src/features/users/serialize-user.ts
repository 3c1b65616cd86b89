import { roleLabel, USER_TYPE_LABELS, USER_TYPES, type User, type UserType } from '@im/domain';
import type { user } from '../../platform/db/tables/users.schema';
import { toIso } from '../../platform/http/dates';

function userTypeLabel(type: string): string {
  return (USER_TYPES as readonly string[]).includes(type) ? USER_TYPE_LABELS[type as UserType] : type;
}

/** The user row of docs/api/platform-admin.md; `companyName` comes from a join with the company. */
export function serializeUser(u: typeof user.$inferSelect, companyName: string): User {
  return {
    id: u.id,
    company_id: u.companyId,
    company_name: companyName,
    name: u.name,
    nameprefix: u.nameprefix,
    surname: u.surname,
    fullname: displayName(u),
    email: u.email,
    role: u.role,
    role_label: roleLabel(u.role),
    user_type: u.userType,
    user_type_label: userTypeLabel(u.userType),
    order: u.order,
    partner_id: u.partnerId,
    flowprofile_id: u.flowprofileId,
    module_blacklist: u.moduleBlacklist,
    hide_from_planning: u.hideFromPlanning,
    receives_newsletter: u.receivesNewsletter,
    simplemode: u.simplemode,
    altDashboard: u.altDashboard,
    experimental_feature_flags: u.experimentalFeatureFlags,
    created_at: toIso(u.createdAt),
  };
}

export function displayName(u: { name: string; nameprefix: string; surname: string }): string {
  return [u.name, u.nameprefix, u.surname].filter(Boolean).join(' ');
}
