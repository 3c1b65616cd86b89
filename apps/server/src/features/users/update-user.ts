import { PROTECTED_MESSAGE, type UpdateUser, zUpdateOwnUser } from '@im/domain';
import { eq } from 'drizzle-orm';
import { EMAIL_TAKEN } from '../../platform/auth/messages';
import type { Tx } from '../../platform/db/database';
import { user } from '../../platform/db/tables/users.schema';
import { AppError, forbidden, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { findUserById, loadUserDto } from './find-user';

const COLUMN: Record<string, keyof typeof user.$inferInsert> = {
  name: 'name',
  nameprefix: 'nameprefix',
  surname: 'surname',
  email: 'email',
  simplemode: 'simplemode',
  receives_newsletter: 'receivesNewsletter',
  role: 'role',
  user_type: 'userType',
  order: 'order',
  module_blacklist: 'moduleBlacklist',
  hide_from_planning: 'hideFromPlanning',
  altDashboard: 'altDashboard',
  experimental_feature_flags: 'experimentalFeatureFlags',
};

const PLATFORM_ONLY = 'Alleen een platformbeheerder zet experimentele functies aan.';

const ORDER_REQUIRED = 'Geef de volgorde op.';

const OWN_FIELDS = new Set(Object.keys(zUpdateOwnUser.shape));

export async function updateUser(
  tx: Tx,
  id: number,
  input: UpdateUser,
  scope: 'self' | 'manager' | 'platform',
  actorRole: number,
  emailTaken: (email: string) => Promise<boolean>,
) {
  const existing = await findUserById(tx, id);
  if (!existing) return null;
  const { update_reason: reason, ...allFields } = input;
  // The planning screen reorders users with `orderOnly`: then nothing but the order changes.
  if (reason === 'orderOnly' && allFields.order === undefined) {
    throw validationError(ORDER_REQUIRED, { order: [ORDER_REQUIRED] });
  }
  const fields = reason === 'orderOnly' ? { order: allFields.order } : allFields;
  const changes: Record<string, unknown> = {};
  const set: Partial<typeof user.$inferInsert> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (scope === 'self' && !OWN_FIELDS.has(key)) throw forbidden('U mag dit veld niet wijzigen.');
    (set as Record<string, unknown>)[COLUMN[key]!] = value;
    changes[key] = value;
  }
  if (set.experimentalFeatureFlags !== undefined && scope !== 'platform') throw forbidden(PLATFORM_ONLY);
  if (set.experimentalFeatureFlags) set.experimentalFeatureFlags = [...new Set(set.experimentalFeatureFlags)];
  if (set.role !== undefined && scope !== 'platform') {
    if (set.role > actorRole) throw forbidden('U kunt geen hogere rol toekennen dan uw eigen rol.');
  }
  if (id === 1 && set.role !== undefined && set.role < 5000)
    throw new AppError('conflict', PROTECTED_MESSAGE);
  if (
    set.email &&
    set.email.toLowerCase() !== existing.email.toLowerCase() &&
    (await emailTaken(set.email))
  ) {
    throw validationError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  }
  if (Object.keys(set).length === 0) return loadUserDto(tx, id);
  await tx
    .update(user)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(user.id, id));
  await writeLog(tx, {
    type: 'user',
    id,
    action: 'update',
    description: 'Gebruiker gewijzigd',
    changes,
    companyId: existing.companyId,
  });
  return loadUserDto(tx, id);
}
