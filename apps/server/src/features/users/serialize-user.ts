import { roleLabel, USER_TYPE_LABELS, USER_TYPES, type UserType } from '@im/domain';
import { z } from 'zod';
import { toIso } from '../../platform/http/dates';
import type { user } from './users.schema';

export const zUser = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  nameprefix: z.string(),
  surname: z.string(),
  fullname: z.string(),
  email: z.string(),
  role: z.number().int(),
  role_label: z.string(),
  user_type: z.string(),
  user_type_label: z.string(),
  order: z.number().int(),
  partner_id: z.number().int().nullable(),
  flowprofile_id: z.number().int().nullable(),
  module_blacklist: z.array(z.string()),
  hide_from_planning: z.boolean(),
  receives_newsletter: z.boolean(),
  simplemode: z.number().int(),
  altDashboard: z.string(),
  created_at: z.string(),
});
export type UserDto = z.infer<typeof zUser>;

function userTypeLabel(type: string): string {
  return (USER_TYPES as readonly string[]).includes(type) ? USER_TYPE_LABELS[type as UserType] : type;
}

/** The user row of docs/api/platform-admin.md; `companyName` comes from a join with the company. */
export function serializeUser(u: typeof user.$inferSelect, companyName: string): UserDto {
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
    created_at: toIso(u.createdAt),
  };
}

export function displayName(u: { name: string; nameprefix: string; surname: string }): string {
  return [u.name, u.nameprefix, u.surname].filter(Boolean).join(' ');
}
