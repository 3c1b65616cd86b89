import type { CreateUserRequest, User } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import { EMAIL_TAKEN } from '../../platform/auth/messages';
import type { Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { createUser } from './create-user';
import { loadUserDto } from './find-user';

export const COMPANY_REQUIRED = 'Kies het bedrijf van de gebruiker.';
export const UNKNOWN_COMPANY = 'Dit bedrijf bestaat niet of staat in de prullenbak.';
export const ROLE_TOO_HIGH = 'U kunt geen hogere rol toekennen dan uw eigen rol.';

/** The company a new user goes to: any live company for a platform admin, else the caller's own. */
export function targetCompanyId(auth: AuthContext, scope: 'platform' | 'manager', input: CreateUserRequest) {
  if (scope === 'platform') {
    if (input.company_id === undefined)
      throw validationError(COMPANY_REQUIRED, { company_id: [COMPANY_REQUIRED] });
    return input.company_id;
  }
  // Another company's id is as unknown to a company administrator as an id that does not exist.
  if (input.company_id !== undefined && input.company_id !== auth.companyId) throw notFound();
  if (input.role > auth.role) throw forbidden(ROLE_TOO_HIGH);
  return auth.companyId;
}

/**
 * Creates a user in `companyId`. `emailTaken` looks across every company (login is by e-mail alone);
 * the unique index catches a race between the check and the insert.
 */
export async function saveUser(
  tx: Tx,
  companyId: number,
  input: CreateUserRequest,
  emailTaken: (email: string) => Promise<boolean>,
): Promise<User> {
  const [target] = await tx
    .select({ id: company.id })
    .from(company)
    .where(and(eq(company.id, companyId), isNull(company.deletedAt)))
    .for('share');
  if (!target) throw validationError(UNKNOWN_COMPANY, { company_id: [UNKNOWN_COMPANY] });
  if (await emailTaken(input.email)) throw validationError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  const id = await createUser(tx, {
    companyId,
    name: input.name,
    nameprefix: input.nameprefix,
    surname: input.surname,
    email: input.email,
    password: input.password,
    role: input.role,
    userType: input.user_type,
  }).catch((err: unknown) => {
    if (isEmailUniqueViolation(err)) throw validationError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw err;
  });
  return (await loadUserDto(tx, id))!;
}

function isEmailUniqueViolation(err: unknown): boolean {
  const cause = (err as { cause?: unknown })?.cause ?? err;
  const pg = cause as { code?: string; constraint?: string };
  return pg.code === '23505' && pg.constraint === 'user_email_lower_unique';
}
