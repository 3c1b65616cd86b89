import type { Partner, PartnerDetail, PartnerUser } from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { epochMs, isoFast } from '../../platform/db/iso';

interface PartnerRow extends Record<string, unknown> {
  id: number;
  company_id: number;
  name: string;
  start_date: string | null;
  end_date: string | null;
  flowprofile_id: number | null;
  flowprofile_name: string | null;
  users_count: number;
  flows_count: number;
  created_at: number;
}

/** Partners by id, in the order given, with their request profile's name and counts of users and live flows. */
export async function loadPartners(tx: Tx, ids: readonly number[]): Promise<Partner[]> {
  if (ids.length === 0) return [];
  const rows = await tx.execute<PartnerRow>(sql`
    select p.id, p.company_id, p.name, p.start_date::text, p.end_date::text, p.flowprofile_id,
      fp.name as flowprofile_name,
      (select count(*)::int from "user" u where u.partner_id = p.id and u.deleted_at is null
        and u.company_id = p.company_id) as users_count,
      (select count(*)::int from flow f where f.partner_id = p.id and f.deleted_at is null
        and f.company_id = p.company_id) as flows_count,
      ${epochMs(sql`p.created_at`)} as created_at
    from partner p left join flow_profile fp on fp.id = p.flowprofile_id
    where p.id in ${sql.raw(`(${ids.map(Number).join(',')})`)}`);
  const byId = new Map(rows.rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is PartnerRow => r !== undefined)
    .map((r) => ({
      id: r.id,
      company_id: r.company_id,
      name: r.name,
      start_date: r.start_date,
      end_date: r.end_date,
      flowprofile_id: r.flowprofile_id,
      flowprofile_name: r.flowprofile_name,
      users_count: r.users_count,
      flows_count: r.flows_count,
      created_at: isoFast(r.created_at),
    }));
}

/** The live users of a partner, by name. */
export async function loadPartnerUsers(tx: Tx, partnerId: number): Promise<PartnerUser[]> {
  const rows = await tx.execute<{
    id: number;
    name: string;
    nameprefix: string;
    surname: string;
    email: string;
  }>(sql`select id, name, nameprefix, surname, email from "user"
    where partner_id = ${partnerId} and user_type = 'partner' and deleted_at is null
    order by lower(name), id`);
  return rows.rows.map((u) => ({
    ...u,
    fullname: [u.name, u.nameprefix, u.surname].filter(Boolean).join(' '),
  }));
}

export async function loadPartnerDetail(tx: Tx, id: number): Promise<PartnerDetail | null> {
  const [found] = await loadPartners(tx, [id]);
  if (!found) return null;
  return { ...found, users: await loadPartnerUsers(tx, id) };
}
