import type { UserType } from '@im/domain';
import { hashPassword } from '../../platform/auth/passwords';
import type { Tx } from '../../platform/db/database';
import { user } from '../../platform/db/tables/users.schema';
import { writeLog } from '../../platform/events/write-log';

export interface NewUser {
  id?: number;
  companyId: number;
  name: string;
  nameprefix?: string;
  surname?: string;
  email: string;
  password: string;
  role: number;
  userType: UserType;
  altDashboard?: string;
  /** A partner user's partner (user type partner). */
  partnerId?: number | null;
}

export async function createUser(tx: Tx, input: NewUser): Promise<number> {
  const [row] = await tx
    .insert(user)
    .values({
      id: input.id,
      companyId: input.companyId,
      name: input.name,
      nameprefix: input.nameprefix ?? '',
      surname: input.surname ?? '',
      email: input.email.trim(),
      passwordHash: await hashPassword(input.password),
      role: input.role,
      userType: input.userType,
      altDashboard: input.altDashboard ?? '',
      partnerId: input.partnerId ?? null,
    })
    .returning({ id: user.id });
  await writeLog(tx, {
    type: 'user',
    id: row!.id,
    action: 'create',
    description: `Gebruiker ${input.email} aangemaakt`,
    companyId: input.companyId,
  });
  return row!.id;
}
