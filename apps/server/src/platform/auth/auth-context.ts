import type { UserType } from '@im/domain';
import { isModuleTag, type ModuleTag } from '@im/domain';

/** The caller of a request, resolved from its bearer token. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  companyId: number;
  role: number;
  userType: UserType;
  /** Modules the user may use: the company's modules minus the user's blacklist. */
  modules: ReadonlySet<ModuleTag>;
  companyModules: ReadonlySet<ModuleTag>;
  /** The platform admin behind a login-as session. */
  impersonatorUserId: number | null;
}

export function effectiveModules(
  companyModules: readonly string[],
  blacklist: readonly string[],
): Set<ModuleTag> {
  const blocked = new Set(blacklist);
  return new Set(companyModules.filter(isModuleTag).filter((m) => !blocked.has(m)));
}
