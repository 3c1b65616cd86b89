import { dutchDate, FLOW_STATUS_LABELS, type MergeData } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { company, companySettings } from '../../platform/db/tables/companies.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';

const fullName = (u: { name: string; nameprefix: string; surname: string } | undefined) =>
  u ? [u.name, u.nameprefix, u.surname].filter(Boolean).join(' ') : '';

/** The merge-tag values of a flow, as the given user sends (MERGE_TAGS of the domain). */
export async function flowMergeData(
  tx: Tx,
  flowId: number,
  senderId: number | null,
  appUrl: string,
  /** The task a mail is about (`sendable_task_id`): fills `taak`; without one its tags are empty. */
  taskId?: number | null,
): Promise<MergeData> {
  const [row] = await tx
    .select({ f: flow, r: relation, l: location })
    .from(flow)
    .leftJoin(relation, eq(relation.id, flow.relationId))
    .leftJoin(location, eq(location.id, flow.locationId))
    .where(eq(flow.id, flowId));
  if (!row) return {};
  const userById = async (id: number | null) =>
    id === null ? undefined : (await tx.select().from(user).where(eq(user.id, id)))[0];
  const handler = await userById(row.f.userId);
  const sender = await userById(senderId);
  const [co] = await tx
    .select({ name: company.name, signature: companySettings.emailSignature })
    .from(company)
    .leftJoin(companySettings, eq(companySettings.companyId, company.id))
    .where(eq(company.id, row.f.companyId));
  const r = row.r;
  const l = row.l;
  return {
    relatie: {
      naam: r?.fullname ?? '',
      voornaam: r?.name ?? '',
      achternaam: r ? [r.nameprefix, r.surname].filter(Boolean).join(' ') : '',
      email: r?.email ?? '',
      telefoon: r?.mobile || r?.phone || '',
      adres: l
        ? [l.address, [l.number, l.numberAddition].filter(Boolean).join('')].filter(Boolean).join(' ')
        : '',
      postcode: l?.postcode ?? '',
      plaats: l?.city ?? '',
    },
    dossier: {
      nummer: row.f.number,
      omschrijving: row.f.description,
      status: FLOW_STATUS_LABELS[row.f.flowStatus as keyof typeof FLOW_STATUS_LABELS] ?? row.f.flowStatus,
      leaddatum: dutchDate(row.f.createdAt),
      link: `${appUrl}/#/customer_flow_detail/${row.f.hash}`,
    },
    behandelaar: { naam: fullName(handler), email: handler?.email ?? '' },
    gebruiker: { naam: fullName(sender), email: sender?.email ?? '' },
    bedrijf: { naam: co?.name ?? '', handtekening: co?.signature ?? '' },
    taak: await taskMergeData(tx, taskId ?? null, userById),
    vandaag: dutchDate(new Date()),
  };
}

const TIME = new Intl.DateTimeFormat('nl-NL', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Amsterdam',
});

async function taskMergeData(
  tx: Tx,
  taskId: number | null,
  userById: (id: number | null) => Promise<typeof user.$inferSelect | undefined>,
) {
  const [t] = taskId === null ? [] : await tx.select().from(task).where(eq(task.id, taskId));
  return {
    omschrijving: t?.description ?? '',
    datum: t?.startDate ? dutchDate(t.startDate) : '',
    tijd: t?.startDate ? TIME.format(t.startDate) : '',
    eindtijd: t?.endDate ? TIME.format(t.endDate) : '',
    uitvoerder: t ? fullName(await userById(t.userId)) : '',
  };
}
