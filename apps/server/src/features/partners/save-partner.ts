import { type CreatePartner, PARTNER_TEXTS, type UpdatePartner } from '@im/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { endUserSessions } from '../../platform/auth/sessions';
import type { Tx } from '../../platform/db/database';
import { flowProfile } from '../../platform/db/tables/flowprofiles.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { partnerProject } from '../../platform/db/tables/partnerprojects.schema';
import { partner } from '../../platform/db/tables/partners.schema';
import { user } from '../../platform/db/tables/users.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';

/** The request profile must be one of the company's own live ones (another company's id reads as unknown). */
async function checkFlowprofile(tx: Tx, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const [found] = await tx
    .select({ id: flowProfile.id })
    .from(flowProfile)
    .where(and(eq(flowProfile.id, id), isNull(flowProfile.deletedAt)));
  if (!found)
    throw validationError(PARTNER_TEXTS.flowprofileNotFound, {
      flowprofile_id: [PARTNER_TEXTS.flowprofileNotFound],
    });
}

export async function createPartner(tx: Tx, input: CreatePartner): Promise<number> {
  await checkFlowprofile(tx, input.flowprofile_id);
  const [row] = await tx
    .insert(partner)
    .values({
      name: input.name,
      startDate: input.start_date ?? null,
      endDate: input.end_date ?? null,
      flowprofileId: input.flowprofile_id ?? null,
    })
    .returning({ id: partner.id });
  await writeLog(tx, {
    type: 'partner',
    id: row!.id,
    action: 'create',
    description: `Partner ${input.name} aangemaakt`,
  });
  return row!.id;
}

/** False when the partner is not the company's. A start after the stored end (or the reverse) is refused. */
export async function updatePartner(tx: Tx, id: number, input: UpdatePartner): Promise<boolean> {
  const [current] = await tx.select().from(partner).where(eq(partner.id, id)).for('update');
  if (!current) return false;
  await checkFlowprofile(tx, input.flowprofile_id);
  const start = input.start_date === undefined ? current.startDate : input.start_date;
  const end = input.end_date === undefined ? current.endDate : input.end_date;
  if (start && end && end < start)
    throw validationError(PARTNER_TEXTS.endBeforeStart, { end_date: [PARTNER_TEXTS.endBeforeStart] });
  await tx
    .update(partner)
    .set({
      name: input.name,
      startDate: input.start_date,
      endDate: input.end_date,
      flowprofileId: input.flowprofile_id,
      updatedAt: new Date(),
    })
    .where(eq(partner.id, id));
  await writeLog(tx, {
    type: 'partner',
    id,
    action: 'update',
    description: `Partner ${input.name ?? current.name} gewijzigd`,
    changes: { ...input },
  });
  return true;
}

/**
 * Spec 000 section 6: deleting a partner also removes its users (their sessions end at once); its flows
 * stay with the company and lose the link (decision 056). False when the partner is not the company's.
 */
export async function deletePartner(tx: Tx, id: number): Promise<boolean> {
  const [current] = await tx.select().from(partner).where(eq(partner.id, id)).for('update');
  if (!current) return false;
  const users = await tx
    .update(user)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(user.partnerId, id), isNull(user.deletedAt)))
    .returning({ id: user.id });
  for (const u of users) {
    await endUserSessions(tx, u.id);
    await writeLog(tx, {
      type: 'user',
      id: u.id,
      action: 'delete',
      description: 'Partnergebruiker verwijderd',
    });
  }
  // Its projects go with it (foreign key); their flows stay, unlinked from both (decision 062).
  await tx
    .update(flow)
    .set({ partnerProjectId: null })
    .where(
      inArray(
        flow.partnerProjectId,
        tx.select({ id: partnerProject.id }).from(partnerProject).where(eq(partnerProject.partnerId, id)),
      ),
    );
  await tx.update(flow).set({ partnerId: null }).where(eq(flow.partnerId, id));
  await tx.delete(partner).where(eq(partner.id, id));
  await writeLog(tx, {
    type: 'partner',
    id,
    action: 'delete',
    description: `Partner ${current.name} verwijderd`,
    changes: { users: users.length },
  });
  return true;
}

/** The partner exists in the caller's company (row-level security hides other companies'). */
export async function partnerExists(tx: Tx, id: number): Promise<boolean> {
  const [found] = await tx.select({ id: partner.id }).from(partner).where(eq(partner.id, id));
  return found !== undefined;
}
