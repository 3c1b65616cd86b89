import { z } from 'zod';
import type { user } from './users.schema';

export const zUser = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  nameprefix: z.string(),
  surname: z.string(),
  email: z.string(),
  role: z.number().int(),
  user_type: z.string(),
  order: z.number().int(),
  partner_id: z.number().int().nullable(),
  flowprofile_id: z.number().int().nullable(),
  module_blacklist: z.array(z.string()),
  hide_from_planning: z.boolean(),
  receives_newsletter: z.boolean(),
  simplemode: z.number().int(),
  altDashboard: z.string(),
});
export type UserDto = z.infer<typeof zUser>;

export function serializeUser(u: typeof user.$inferSelect): UserDto {
  return {
    id: u.id,
    company_id: u.companyId,
    name: u.name,
    nameprefix: u.nameprefix,
    surname: u.surname,
    email: u.email,
    role: u.role,
    user_type: u.userType,
    order: u.order,
    partner_id: u.partnerId,
    flowprofile_id: u.flowprofileId,
    module_blacklist: u.moduleBlacklist,
    hide_from_planning: u.hideFromPlanning,
    receives_newsletter: u.receivesNewsletter,
    simplemode: u.simplemode,
    altDashboard: u.altDashboard,
  };
}

export function displayName(u: { name: string; nameprefix: string; surname: string }): string {
  return [u.name, u.nameprefix, u.surname].filter(Boolean).join(' ');
}
