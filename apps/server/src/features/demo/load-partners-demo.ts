import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import type { Logger } from '../../platform/logger';
import { createPartner, createPartnerUser } from '../partners';
import { findUserByEmail } from '../users';

interface DemoPartner {
  company: string;
  name: string;
  start_date: string | null;
  end_date: string | null;
  /** Relations (by full name) whose flows the partner gets. */
  relations: string[];
  users: { name: string; surname: string; email: string }[];
  /** An existing partner user of the company (loaded with the company) who belongs to this partner. */
  existingUser?: string;
}

/** A housing corporation with two logins and flows in several stages, an energy supplier that sends leads. */
export const DEMO_PARTNERS: DemoPartner[] = [
  {
    company: 'Zonnestroom Noord B.V.',
    name: 'Woonstichting Groninger Huis',
    start_date: '2026-01-01',
    end_date: '2027-12-31',
    relations: ['Hendrika van der Meulen', 'Sjoerd Hoekstra', 'Willemijn Jansen', 'Gerard Smit'],
    users: [
      { name: 'Anouk', surname: 'Meijer', email: 'anouk@groningerhuis.nl' },
      { name: 'Bas', surname: 'Dekker', email: 'bas@groningerhuis.nl' },
    ],
  },
  {
    company: 'Zonnestroom Noord B.V.',
    name: 'Energie Noord Levering',
    start_date: '2026-03-01',
    end_date: null,
    relations: ['Jan de Vries', 'Annemieke Bakker'],
    users: [],
  },
  {
    company: 'Warmtepomp Totaal Twente',
    name: 'Woonstichting Twentse Huizen',
    start_date: '2026-01-01',
    end_date: null,
    relations: [],
    users: [],
    existingUser: 'peter@warmtepomptotaal.nl',
  },
];

/** Loads the demo partners (their users log in with the demo `password`) once per company (a second run changes nothing). */
export async function loadPartnersDemoData(db: Database, logger: Logger, password: string): Promise<void> {
  for (const demo of DEMO_PARTNERS) {
    const [target] = (
      await db.platform((tx) =>
        tx.execute<{ id: number }>(sql`select id from company where name = ${demo.company}`),
      )
    ).rows;
    if (!target) continue;
    const enteredBy = await db.platform(
      async (tx) =>
        (
          await tx.execute<{ id: number }>(
            sql`select id from "user" where company_id = ${target.id} and user_type <> 'partner' order by id limit 1`,
          )
        ).rows[0]?.id ?? null,
    );
    await db.tenant({ companyId: target.id, userId: enteredBy }, (tx) =>
      loadPartner(db, tx, target.id, demo, password, logger),
    );
  }
}

async function loadPartner(
  db: Database,
  tx: Tx,
  companyId: number,
  demo: DemoPartner,
  password: string,
  logger: Logger,
) {
  const existing = await tx.execute(sql`select 1 from partner where name = ${demo.name}`);
  if (existing.rows.length > 0) return;
  const partnerId = await createPartner(tx, {
    name: demo.name,
    start_date: demo.start_date,
    end_date: demo.end_date,
  });
  for (const u of demo.users) {
    await createPartnerUser(tx, companyId, partnerId, { ...u, password }, async (email) =>
      Boolean(await db.platform((p) => findUserByEmail(p, email))),
    );
  }
  if (demo.existingUser)
    await tx.execute(
      sql`update "user" set partner_id = ${partnerId} where lower(email) = ${demo.existingUser}`,
    );
  if (demo.relations.length > 0)
    await tx.execute(sql`update flow set partner_id = ${partnerId}
      where deleted_at is null and relation_id in (select id from relation where fullname in ${demo.relations})`);
  logger.info({ partner: demo.name, users: demo.users.length }, 'demo partner loaded');
}
