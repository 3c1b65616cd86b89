import { type CreatePartnerUser, PARTNER_TEXTS, ROLE } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { endUserSessions } from '../../platform/auth/sessions';
import type { Tx } from '../../platform/db/database';
import { user } from '../../platform/db/tables/users.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { createUser } from '../users';

/**
 * A partner user (spec 000 section 3): user type partner, the lowest role, the partner dashboard, and the
 * partner's id. `isEmailTaken` looks across every company (an e-mail address logs in to one account).
 */
export async function createPartnerUser(
  tx: Tx,
  companyId: number,
  partnerId: number,
  input: CreatePartnerUser,
  isEmailTaken: (email: string) => Promise<boolean>,
): Promise<number> {
  if (await isEmailTaken(input.email))
    throw validationError(PARTNER_TEXTS.emailTaken, { email: [PARTNER_TEXTS.emailTaken] });
  return createUser(tx, {
    companyId,
    name: input.name,
    nameprefix: input.nameprefix,
    surname: input.surname,
    email: input.email,
    password: input.password,
    role: ROLE.UITVOEREND,
    userType: 'partner',
    altDashboard: 'partner',
    partnerId,
  });
}

/** Removes one of the partner's users (soft delete, sessions ended). False when it is not theirs. */
export async function removePartnerUser(tx: Tx, partnerId: number, userId: number): Promise<boolean> {
  const [removed] = await tx
    .update(user)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(user.id, userId), eq(user.partnerId, partnerId), isNull(user.deletedAt)))
    .returning({ id: user.id });
  if (!removed) return false;
  await endUserSessions(tx, userId);
  await writeLog(tx, {
    type: 'user',
    id: userId,
    action: 'delete',
    description: 'Partnergebruiker verwijderd',
  });
  return true;
}
