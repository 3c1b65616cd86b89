// The API contract of users: request and response schemas, written once for server and web.
import { z } from 'zod';
import { zFlag, zFlagNumber } from '../flags';
import { MODULE_TAGS } from '../modules';
import { zPaginated, zPaginationQuery } from '../pagination';
import { zPassword } from '../password';
import { EXPERIMENTAL_FEATURE_FLAGS } from '../portal';
import { ASSIGNABLE_ROLES } from '../roles';
import { ALT_DASHBOARDS, USER_TYPES } from '../user-types';
import { zId } from './common';

export const zCreateUserRequest = z.object({
  company_id: zId.optional(),
  name: z.string().trim().min(1).max(100),
  nameprefix: z.string().trim().max(50).optional(),
  surname: z.string().trim().min(1).max(100),
  email: z.string().trim().email().max(254),
  password: zPassword,
  role: z.union(ASSIGNABLE_ROLES.map((r) => z.literal(r))),
  user_type: z.enum(USER_TYPES),
});

export type CreateUserRequest = z.infer<typeof zCreateUserRequest>;

export const zUserQuery = zPaginationQuery.extend({
  company_id: zId.optional(),
  receives_newsletter: zFlag.optional(),
});

export type UserQuery = z.infer<typeof zUserQuery>;

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
  /** Spec 000 section 3 (session data); set by a platform administrator (decision 070). */
  experimental_feature_flags: z.array(z.string()),
  created_at: z.string(),
});

export const zUserPage = zPaginated(zUser);

export type User = z.infer<typeof zUser>;

/** Fields a user may change on their own profile. */
export const zUpdateOwnUser = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  nameprefix: z.string().trim().max(50).optional(),
  surname: z.string().trim().max(100).optional(),
  email: z.string().trim().email().max(254).optional(),
  simplemode: zFlagNumber.optional(),
  receives_newsletter: zFlag.optional(),
});

/** Fields only a system administrator or platform admin may change. */
export const zUpdateUser = zUpdateOwnUser.extend({
  role: z.union(ASSIGNABLE_ROLES.map((r) => z.literal(r))).optional(),
  user_type: z.enum(USER_TYPES).optional(),
  order: z.number().int().min(0).max(1_000_000).optional(),
  module_blacklist: z.array(z.enum(MODULE_TAGS)).max(MODULE_TAGS.length).optional(),
  hide_from_planning: zFlag.optional(),
  altDashboard: z.enum(ALT_DASHBOARDS).optional(),
  update_reason: z.string().max(50).optional(),
  /** Only a platform administrator sets these (the list of `EXPERIMENTAL_FEATURE_FLAGS`). */
  experimental_feature_flags: z
    .array(z.enum(EXPERIMENTAL_FEATURE_FLAGS))
    .max(EXPERIMENTAL_FEATURE_FLAGS.length)
    .optional(),
});

export type UpdateUser = z.infer<typeof zUpdateUser>;

export type UserPage = z.infer<typeof zUserPage>;
export type UpdateOwnUser = z.infer<typeof zUpdateOwnUser>;
