import { z } from 'zod';
import { ALT_DASHBOARDS, USER_TYPES } from './user-types';

/** GET /api/user/getcurrentuser: the session data of spec 000 section 3 plus `hasModuleXxx` flags. */
const zSessionBase = z.object({
  currentuser_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  userrole: z.number().int(),
  user_type: z.enum(USER_TYPES),
  companyname: z.string(),
  currentcompany_id: z.number().int(),
  appdescription: z.string(),
  appname: z.string(),
  altDashboard: z.enum(ALT_DASHBOARDS),
  experimental_feature_flags: z.array(z.string()),
  simplemode: z.number().int(),
  modules: z.array(z.string()),
  module_blacklist: z.array(z.string()),
  impersonator_user_id: z.number().int().nullable(),
});
/** One flag per module of spec 000 section 6, named `hasModule` plus the module name. */
const zModuleFlags = z.object({
  hasModuleBasis: z.boolean(),
  hasModuleCrm: z.boolean(),
  hasModuleSales: z.boolean(),
  hasModuleSettings: z.boolean(),
  hasModuleAdmin: z.boolean(),
  hasModuleIntake: z.boolean(),
  hasModuleQuotation: z.boolean(),
  hasModuleConfirmation: z.boolean(),
  hasModuleProject: z.boolean(),
  hasModuleInvoice: z.boolean(),
  hasModuleAftercare: z.boolean(),
  hasModulePartner: z.boolean(),
  hasModulePartnermanagement: z.boolean(),
  hasModuleProjectmanagement: z.boolean(),
});
export type ModuleFlags = z.infer<typeof zModuleFlags>;

export const zSessionData = zSessionBase.extend(zModuleFlags.shape);
export type SessionData = z.infer<typeof zSessionData>;
