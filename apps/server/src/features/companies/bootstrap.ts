import { randomBytes } from 'node:crypto';
import {
  isStrongPassword,
  MAIN_COMPANY_ID,
  MODULE_TAGS,
  PASSWORD_RULE_MESSAGE,
  PROTECTED_USER_ID,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import type { Logger } from '../../platform/logger';
import { createUser } from '../users';
import { createCompany } from './create-company';

export const DEFAULT_ADMIN_EMAIL = 'admin@installatiemanager.local';

function generatePassword(): string {
  // 128 random bits plus one character of each class the password rule asks for.
  return `${randomBytes(16).toString('base64url')}Aa1`;
}

/**
 * On an empty database: the main company (id 1) with every module, and the platform administrator
 * (user id 1). A generated password is printed once; it is stored only as a hash.
 */
export async function ensureMainCompany(
  db: Database,
  config: Pick<Config, 'INIT_ADMIN_EMAIL' | 'INIT_ADMIN_PASSWORD'>,
  logger: Logger,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<boolean> {
  if (config.INIT_ADMIN_PASSWORD && !isStrongPassword(config.INIT_ADMIN_PASSWORD)) {
    throw new Error(`INIT_ADMIN_PASSWORD does not meet the password rule: ${PASSWORD_RULE_MESSAGE}`);
  }
  const email = config.INIT_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const password = config.INIT_ADMIN_PASSWORD ?? generatePassword();
  const created = await db.platform(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('installatiemanager:bootstrap'))`);
    const any = await tx.select({ id: company.id }).from(company).limit(1);
    if (any.length > 0) return false;
    const companyId = await createCompany(tx, {
      name: 'Installatiemanager',
      modules: MODULE_TAGS,
      appdescription: 'Platformbeheer',
    });
    const userId = await createUser(tx, {
      companyId,
      name: 'Platform',
      surname: 'Beheerder',
      email,
      password,
      role: 5000,
      userType: 'standard',
    });
    if (companyId !== MAIN_COMPANY_ID || userId !== PROTECTED_USER_ID) {
      throw new Error(
        `The database is not empty enough to create the main company (got company ${companyId}, user ${userId})`,
      );
    }
    return true;
  });
  if (created) {
    logger.info({ email }, 'created the main company and the platform administrator');
    if (!config.INIT_ADMIN_PASSWORD) {
      print('');
      print('============================================================');
      print(' Platform administrator created');
      print(`   e-mail:     ${email}`);
      print(`   password:   ${password}`);
      print(' This password is shown only once. Change it after logging in.');
      print('============================================================');
      print('');
    }
  }
  return created;
}
