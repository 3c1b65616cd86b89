import { SELF_REGISTRATION_MODULES } from '@im/domain';
import { EMAIL_TAKEN, REGISTRATION_CLOSED } from '../../platform/auth/messages';
import { createSession } from '../../platform/auth/sessions';
import type { Deps } from '../../platform/deps';
import { AppError, validationError } from '../../platform/errors';
import { createCompany } from '../companies';
import { createUser, isEmailTaken } from '../users';
import { type LoginResult, loginResult, sessionPolicy } from './authenticate';

export interface Registration {
  companyname: string;
  name: string;
  surname: string;
  email: string;
  password: string;
}

/** A new installer signs up: their own company with the standard modules, and them as its administrator. */
export async function register(
  deps: Deps,
  input: Registration,
  meta: { ip: string; userAgent?: string },
): Promise<LoginResult> {
  if (!deps.config.REGISTRATION_ENABLED) throw new AppError('forbidden', REGISTRATION_CLOSED);
  const token = await deps.db.platform(async (tx) => {
    if (await isEmailTaken(tx, input.email)) throw validationError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    const companyId = await createCompany(tx, {
      name: input.companyname,
      modules: SELF_REGISTRATION_MODULES,
    });
    const userId = await createUser(tx, {
      companyId,
      name: input.name,
      surname: input.surname,
      email: input.email,
      password: input.password,
      role: 5000,
      userType: 'standard',
    });
    return createSession(tx, { userId, companyId, ...meta }, sessionPolicy(deps));
  });
  return loginResult(deps, token);
}
