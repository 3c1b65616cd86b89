// Execution projects and project templates (spec 002 sections 2–4, 7; decision 023).
import {
  type CreateProject,
  FORM_MESSAGES,
  type Paginated,
  PROJECT_STATUS_LABELS,
  type Project,
  type ProjectDetail,
  type ProjectStatus,
  type StagePageQuery,
  type UpdateProject,
} from '@im/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/db/tables/files.schema';
import { project } from '../../platform/db/tables/forms.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { lockFlow, nextCompanyNumber } from '../flows';
import { listPictures } from '../pictures';
import { deleteItemPicturesOf, listItems } from './flow-data-items';
import { addFormsTo, checkVerticals, queryStages, stageTasks } from './stage-common';

type ProjectRow = typeof project.$inferSelect;

/** The owner type of a project's attachments (stored files). */
export const PROJECT_OWNER = 'project';

export async function queryProjects(tx: Tx, q: StagePageQuery): Promise<Paginated<Project>> {
  return queryStages(tx, 'project', q) as Promise<Paginated<Project>>;
}

export async function requireProject(tx: Tx, id: number, lock = false): Promise<ProjectRow> {
  const query = tx.select().from(project).where(eq(project.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(FORM_MESSAGES.projectNotFound);
  return row;
}

/** Whether the flow has an approved quotation or confirmation (starting a project asks otherwise). */
export async function flowHasApprovedDocument(tx: Tx, flowId: number): Promise<boolean> {
  const rows = await tx.execute(sql`select 1 from sales_document d
    where d.flow_id = ${flowId} and d.kind in ('quotation', 'confirmation') and d.status = 'approved'
      and d.deleted_at is null and not d.is_template limit 1`);
  return rows.rows.length > 0;
}

export async function loadProject(tx: Tx, id: number): Promise<ProjectDetail | null> {
  const base = (await queryStages(tx, 'project', { ids: [id] })).data[0] as Project | undefined;
  if (!base) return null;
  // One after another: a transaction is one connection, which runs one query at a time.
  const flowdataitems = base.is_template ? [] : await listItems(tx, { projectId: id });
  const tasks = await stageTasks(tx, eq(task.projectId, id));
  const pictures = base.is_template ? [] : await listPictures(tx, { projectId: id });
  const files = await tx
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.ownerType, PROJECT_OWNER), eq(storedFile.ownerId, id)));
  const approved = base.flow_id ? await flowHasApprovedDocument(tx, base.flow_id) : false;
  return {
    ...base,
    flowdataitems,
    tasks,
    pictures,
    attachments: files.map((f) => ({
      id: f.id,
      filename: f.filename,
      size: f.size,
      url: `/api/attachment/${f.id}`,
    })),
    has_approved_document: approved,
  };
}

export async function createProject(tx: Tx, input: CreateProject): Promise<number> {
  if (input.is_template) {
    if (!input.name)
      throw validationError(FORM_MESSAGES.nameRequired, { name: [FORM_MESSAGES.nameRequired] });
    const verticalIds = await checkVerticals(tx, input.vertical_ids ?? [], 'project');
    const [row] = await tx
      .insert(project)
      .values({ isTemplate: true, name: input.name, description: input.description, verticalIds })
      .returning({ id: project.id });
    await writeLog(tx, {
      type: 'project',
      id: row!.id,
      action: 'create',
      description: `Projectsjabloon ${input.name} aangemaakt`,
    });
    return row!.id;
  }
  if (input.flow_id === undefined)
    throw validationError(FORM_MESSAGES.flowRequired, { flow_id: [FORM_MESSAGES.flowRequired] });
  const f = await lockFlow(tx, input.flow_id);
  let verticalIds = input.vertical_ids ?? [];
  if (input.projecttemplate_id !== undefined) {
    const template = await requireProject(tx, input.projecttemplate_id);
    if (!template.isTemplate) throw validationError(FORM_MESSAGES.notATemplate);
    if (input.vertical_ids === undefined) verticalIds = template.verticalIds;
  }
  verticalIds = await checkVerticals(tx, verticalIds, 'project');
  const number = await nextCompanyNumber(tx, 'project');
  const [row] = await tx
    .insert(project)
    .values({
      flowId: f.id,
      number,
      description: input.description,
      verticalIds,
      projectTemplateId: input.projecttemplate_id ?? null,
    })
    .returning({ id: project.id });
  await addFormsTo(tx, { flowId: f.id, projectId: row!.id }, verticalIds);
  await writeLog(tx, {
    type: 'project',
    id: row!.id,
    action: 'create',
    description: `Project ${number} gestart`,
    flowId: f.id,
  });
  return row!.id;
}

export async function duplicateProjectTemplate(tx: Tx, id: number): Promise<number> {
  const row = await requireProject(tx, id);
  if (!row.isTemplate) throw validationError(FORM_MESSAGES.notATemplate);
  return createProject(tx, {
    is_template: true,
    name: `${row.name} (kopie)`.slice(0, 200),
    description: row.description,
    vertical_ids: row.verticalIds,
  });
}

export async function updateProject(tx: Tx, id: number, input: UpdateProject): Promise<void> {
  const row = await requireProject(tx, id, true);
  const changes: Partial<typeof project.$inferInsert> = { updatedAt: new Date() };
  if (input.description !== undefined) changes.description = input.description;
  if (input.name !== undefined) changes.name = input.name;
  if (input.status !== undefined) changes.status = input.status;
  if (input.update_reason === 'markplanned') changes.status = 'planned';
  if (input.vertical_ids !== undefined) {
    const verticalIds = await checkVerticals(tx, input.vertical_ids, 'project');
    if (row.isTemplate) changes.verticalIds = verticalIds;
    else {
      changes.verticalIds = [...new Set([...row.verticalIds, ...verticalIds])];
      await addFormsTo(tx, { flowId: row.flowId!, projectId: id }, verticalIds);
    }
  }
  await tx.update(project).set(changes).where(eq(project.id, id));
  const moved = changes.status && changes.status !== row.status;
  await writeLog(tx, {
    type: 'project',
    id,
    action: moved ? 'status' : 'update',
    description: moved
      ? `Project ${row.number ?? row.name}: ${PROJECT_STATUS_LABELS[changes.status as ProjectStatus]}`
      : 'Project gewijzigd',
    flowId: row.flowId,
  });
}

export async function deleteProject(tx: Tx, id: number): Promise<string[]> {
  const row = await requireProject(tx, id, true);
  const files = await deleteItemPicturesOf(tx, { projectId: id });
  await tx.execute(sql`delete from flow_data_item where project_id = ${id}`);
  await tx.delete(project).where(eq(project.id, id));
  await writeLog(tx, {
    type: 'project',
    id,
    action: 'delete',
    description: row.isTemplate
      ? `Projectsjabloon ${row.name} verwijderd`
      : `Project ${row.number} verwijderd`,
    flowId: row.flowId,
  });
  return files;
}

export async function saveProjectAsTemplate(tx: Tx, id: number, name: string): Promise<number> {
  const row = await requireProject(tx, id);
  return createProject(tx, {
    is_template: true,
    name,
    description: row.description,
    vertical_ids: row.verticalIds,
  });
}

export async function resetProjectToTemplate(tx: Tx, id: number, templateId: number): Promise<void> {
  const row = await requireProject(tx, id, true);
  if (row.isTemplate) throw validationError(FORM_MESSAGES.isTemplate);
  const [template] = await tx
    .select()
    .from(project)
    .where(and(eq(project.id, templateId), eq(project.isTemplate, true)));
  if (!template) throw notFound(FORM_MESSAGES.templateNotFound);
  await updateProject(tx, id, { vertical_ids: template.verticalIds });
  await tx.update(project).set({ projectTemplateId: templateId }).where(eq(project.id, id));
}
