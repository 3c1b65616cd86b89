import {
  PARTNER_PROJECT_CALC_METHODS,
  PARTNER_PROJECT_INVOICE_METHODS,
  PARTNER_PROJECT_PHASE_LABELS,
  PARTNER_PROJECT_PHASES,
  PARTNER_PROJECT_THRESHOLD_METHODS,
  type PaginationQuery,
  type PartnerProjectPage,
  type ProjectPresets,
  PARTNER_PROJECT_TEXTS as T,
} from '@im/domain';
import { and, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { containsPattern, sortOrder } from '../../platform/db/paginate';
import { documentType } from '../../platform/db/tables/documents.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { partnerProject } from '../../platform/db/tables/partnerprojects.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { createFlow } from '../flows';
import { loadProjects } from './partner-project-dto';
import { projectRow } from './save-partner-project';

const SORT_COLUMNS = {
  id: partnerProject.id,
  label: partnerProject.label,
  status: partnerProject.status,
  start_date: partnerProject.startDate,
  end_date: partnerProject.endDate,
  created_at: partnerProject.createdAt,
};

/** A page of the company's partner projects (one partner's with `partnerId`), searched on the label. */
export async function queryPartnerProjects(
  tx: Tx,
  q: PaginationQuery & { partnerId?: number },
): Promise<PartnerProjectPage> {
  const text = q.query?.trim();
  const where = and(
    eq(partnerProject.companyId, currentCompanyIdSql),
    q.partnerId ? eq(partnerProject.partnerId, q.partnerId) : undefined,
    text ? ilike(partnerProject.label, containsPattern(text)) : undefined,
  );
  const page = await tx
    .select({ id: partnerProject.id })
    .from(partnerProject)
    .where(where)
    .orderBy(...sortOrder(q.sort, SORT_COLUMNS, 'label', partnerProject.id))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(partnerProject).where(where);
  return {
    data: await loadProjects(
      tx,
      page.map((p) => p.id),
    ),
    pagination: { total: count!.n, offset: q.offset, limit: q.limit },
  };
}

/** getProjectPresets: the phases, methods and document kinds the settings form offers. */
export async function projectPresets(tx: Tx): Promise<ProjectPresets> {
  const types = await tx
    .select({ description: documentType.description })
    .from(documentType)
    .where(isNull(documentType.systemKind))
    .orderBy(documentType.description)
    .limit(200);
  return {
    phases: PARTNER_PROJECT_PHASES.map((value) => ({ value, label: PARTNER_PROJECT_PHASE_LABELS[value] })),
    quotation_calc_methods: [...PARTNER_PROJECT_CALC_METHODS],
    invoice_calc_methods: [...PARTNER_PROJECT_CALC_METHODS],
    invoice_methods: [...PARTNER_PROJECT_INVOICE_METHODS],
    progress_threshold_methods: [...PARTNER_PROJECT_THRESHOLD_METHODS],
    document_types: ['quotation', 'confirmation', 'invoice', ...new Set(types.map((t) => t.description))],
  };
}

export async function liveFlowExists(tx: Tx, id: number): Promise<boolean> {
  const [f] = await tx
    .select({ id: flow.id })
    .from(flow)
    .where(and(eq(flow.id, id), isNull(flow.deletedAt)));
  return f !== undefined;
}

/** createByPartnerProject: a new flow of the relation in the project, with the project's partner, profile and handler. */
export async function createFlowInProject(
  tx: Tx,
  projectId: number,
  input: { relation_id: number; description?: string; type?: string },
): Promise<{ id: number; number: number }> {
  const p = (await projectRow(tx, projectId))!;
  const [rel] = await tx
    .select({ id: relation.id })
    .from(relation)
    .where(and(eq(relation.id, input.relation_id), isNull(relation.deletedAt)));
  if (!rel) throw validationError(T.relationNotFound, { relation_id: [T.relationNotFound] });
  const created = await createFlow(tx, {
    relationId: rel.id,
    description: input.description ?? '',
    flowprofileId: p.flowprofileId,
    userId: p.userId,
    type: input.type ?? '',
  });
  await tx
    .update(flow)
    .set({ partnerProjectId: projectId, partnerId: p.partnerId })
    .where(eq(flow.id, created.id));
  await writeLog(tx, {
    type: 'partnerproject',
    id: projectId,
    action: 'update',
    description: `Dossier ${created.number} aangemaakt in partnerproject ${p.label}`,
  });
  return { id: created.id, number: created.number };
}
