// Intakes (site surveys) and intake templates (spec 002 sections 2–4, 7; decision 023).
import {
  type CreateIntake,
  FORM_MESSAGES,
  INTAKE_STATUS_LABELS,
  type Intake,
  type IntakeDetail,
  type IntakeStatus,
  type Paginated,
  type StagePageQuery,
  type UpdateIntake,
} from '@im/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { intake } from '../../platform/db/tables/forms.schema';
import { agendaItem, task } from '../../platform/db/tables/planning.schema';
import { notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { createFlow, lockFlow, nextCompanyNumber } from '../flows';
import { listPictures } from '../pictures';
import { deleteItemPicturesOf, listItems } from './flow-data-items';
import { addFormsTo, checkVerticals, queryStages, stageTasks } from './stage-common';

type IntakeRow = typeof intake.$inferSelect;

const INTAKE_DURATION_MS = 60 * 60_000;

export async function queryIntakes(tx: Tx, q: StagePageQuery): Promise<Paginated<Intake>> {
  return queryStages(tx, 'intake', q) as Promise<Paginated<Intake>>;
}

export async function requireIntake(tx: Tx, id: number, lock = false): Promise<IntakeRow> {
  const query = tx.select().from(intake).where(eq(intake.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(FORM_MESSAGES.intakeNotFound);
  return row;
}

export async function loadIntake(tx: Tx, id: number): Promise<IntakeDetail | null> {
  const rows = await queryStages(tx, 'intake', { ids: [id] });
  const base = rows.data[0] as Intake | undefined;
  if (!base) return null;
  // One after another: a transaction is one connection, which runs one query at a time.
  const flowdataitems = base.is_template ? [] : await listItems(tx, { intakeId: id });
  const agenda = await tx
    .select()
    .from(agendaItem)
    .where(eq(agendaItem.intakeId, id))
    .orderBy(asc(agendaItem.startDate));
  const tasks = await stageTasks(tx, eq(task.intakeId, id));
  const pictures = base.is_template ? [] : await listPictures(tx, { intakeId: id });
  return {
    ...base,
    flowdataitems,
    agendaitems: agenda.map((a) => ({
      id: a.id,
      title: a.title,
      start_date: a.startDate.toISOString(),
      end_date: a.endDate.toISOString(),
      user_id: a.userId,
    })),
    tasks,
    pictures,
  };
}

/** A planned date keeps one appointment in the agenda (an hour, for the flow's handler). */
async function planAppointment(tx: Tx, row: IntakeRow, date: Date | null): Promise<void> {
  const [existing] = await tx.select().from(agendaItem).where(eq(agendaItem.intakeId, row.id)).limit(1);
  if (date === null) {
    if (existing) await tx.delete(agendaItem).where(eq(agendaItem.id, existing.id));
    return;
  }
  const end = new Date(date.getTime() + INTAKE_DURATION_MS);
  if (existing) {
    await tx
      .update(agendaItem)
      .set({ startDate: date, endDate: end, updatedAt: new Date() })
      .where(eq(agendaItem.id, existing.id));
    return;
  }
  const flowRow = row.flowId ? await lockFlow(tx, row.flowId, 'any') : null;
  await tx.insert(agendaItem).values({
    targetType: 'flow',
    flowId: row.flowId,
    relationId: flowRow?.relationId ?? null,
    title: `Opname ${row.number ?? ''}`.trim(),
    startDate: date,
    endDate: end,
    userId: flowRow?.userId ?? null,
    intakeId: row.id,
  });
}

export async function createIntake(tx: Tx, input: CreateIntake): Promise<number> {
  if (input.is_template) {
    if (!input.name)
      throw validationError(FORM_MESSAGES.nameRequired, { name: [FORM_MESSAGES.nameRequired] });
    const verticalIds = await checkVerticals(tx, input.vertical_ids ?? [], 'intake');
    const [row] = await tx
      .insert(intake)
      .values({ isTemplate: true, name: input.name, description: input.description, verticalIds })
      .returning({ id: intake.id });
    await writeLog(tx, {
      type: 'intake',
      id: row!.id,
      action: 'create',
      description: `Opnamesjabloon ${input.name} aangemaakt`,
    });
    return row!.id;
  }
  let flowId = input.flow_id;
  if (flowId === undefined) {
    // createByRelation: the intake starts a new flow for the relation.
    if (input.relation_id === undefined)
      throw validationError(FORM_MESSAGES.flowRequired, { flow_id: [FORM_MESSAGES.flowRequired] });
    flowId = (await createFlow(tx, { relationId: input.relation_id, flowStatus: 'intake' })).id;
  }
  const f = await lockFlow(tx, flowId);
  let verticalIds = input.vertical_ids ?? [];
  if (input.intaketemplate_id !== undefined) {
    const template = await requireIntake(tx, input.intaketemplate_id);
    if (!template.isTemplate) throw validationError(FORM_MESSAGES.notATemplate);
    if (input.vertical_ids === undefined) verticalIds = template.verticalIds;
  }
  verticalIds = await checkVerticals(tx, verticalIds, 'intake');
  const number = await nextCompanyNumber(tx, 'intake');
  const date = input.intake_date ? new Date(input.intake_date) : null;
  const [row] = await tx
    .insert(intake)
    .values({
      flowId: f.id,
      relationId: f.relationId,
      number,
      status: date ? 'planned' : 'draft',
      intakeDate: date,
      description: input.description,
      verticalIds,
      intakeTemplateId: input.intaketemplate_id ?? null,
    })
    .returning();
  await addFormsTo(tx, { flowId: f.id, intakeId: row!.id }, verticalIds);
  if (date) await planAppointment(tx, row!, date);
  await writeLog(tx, {
    type: 'intake',
    id: row!.id,
    action: 'create',
    description: `Opname ${number} aangemaakt`,
    flowId: f.id,
  });
  return row!.id;
}

export async function updateIntake(tx: Tx, id: number, input: UpdateIntake): Promise<void> {
  const row = await requireIntake(tx, id, true);
  const changes: Partial<typeof intake.$inferInsert> = { updatedAt: new Date() };
  if (input.description !== undefined) changes.description = input.description;
  if (input.name !== undefined) changes.name = input.name;
  if (input.status !== undefined) changes.status = input.status;
  if (input.intake_date !== undefined) {
    const date = input.intake_date ? new Date(input.intake_date) : null;
    changes.intakeDate = date;
    if (!row.isTemplate) {
      await planAppointment(tx, row, date);
      if (date && row.status === 'draft' && input.status === undefined) changes.status = 'planned';
    }
  }
  if (input.vertical_ids !== undefined) {
    const verticalIds = await checkVerticals(tx, input.vertical_ids, 'intake');
    if (row.isTemplate) changes.verticalIds = verticalIds;
    else {
      changes.verticalIds = [...new Set([...row.verticalIds, ...verticalIds])];
      await addFormsTo(tx, { flowId: row.flowId!, intakeId: id }, verticalIds);
    }
  }
  await tx.update(intake).set(changes).where(eq(intake.id, id));
  const statusText =
    changes.status && changes.status !== row.status
      ? `: ${INTAKE_STATUS_LABELS[changes.status as IntakeStatus]}`
      : '';
  await writeLog(tx, {
    type: 'intake',
    id,
    action: changes.status && changes.status !== row.status ? 'status' : 'update',
    description: `${input.update_reason === 'rollbackstatus' ? 'Status van opname teruggezet' : 'Opname gewijzigd'}${statusText}`,
    flowId: row.flowId,
  });
}

export async function deleteIntake(tx: Tx, id: number): Promise<string[]> {
  const row = await requireIntake(tx, id, true);
  const files = await deleteItemPicturesOf(tx, { intakeId: id });
  // Its forms go with it (their photos stay on the flow); the appointment too.
  await tx.execute(sql`delete from flow_data_item where intake_id = ${id}`);
  await tx.delete(agendaItem).where(eq(agendaItem.intakeId, id));
  await tx.delete(intake).where(eq(intake.id, id));
  await writeLog(tx, {
    type: 'intake',
    id,
    action: 'delete',
    description: row.isTemplate ? `Opnamesjabloon ${row.name} verwijderd` : `Opname ${row.number} verwijderd`,
    flowId: row.flowId,
  });
  return files;
}

export async function saveIntakeAsTemplate(tx: Tx, id: number, name: string): Promise<number> {
  const row = await requireIntake(tx, id);
  return createIntake(tx, {
    is_template: true,
    name,
    description: row.description,
    vertical_ids: row.verticalIds,
  });
}

/** Adds the template's forms that the intake lacks and remembers the template. */
export async function resetIntakeToTemplate(tx: Tx, id: number, templateId: number): Promise<void> {
  const row = await requireIntake(tx, id, true);
  if (row.isTemplate) throw validationError(FORM_MESSAGES.isTemplate);
  const [template] = await tx
    .select()
    .from(intake)
    .where(and(eq(intake.id, templateId), eq(intake.isTemplate, true)));
  if (!template) throw notFound(FORM_MESSAGES.templateNotFound);
  await updateIntake(tx, id, { vertical_ids: template.verticalIds });
  await tx.update(intake).set({ intakeTemplateId: templateId }).where(eq(intake.id, id));
}
