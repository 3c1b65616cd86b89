// Actions that add to the flow's stages: a quotation, confirmation or document from a template, an
// intake, and the execution project started or finished, through the documents and forms use-cases.
import { DOCUMENT_KIND_LABELS, type DocumentKind, zCreateIntake, zCreateProject } from '@im/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { salesDocument } from '../../../platform/db/tables/documents.schema';
import { project } from '../../../platform/db/tables/forms.schema';
import { createDocument } from '../../documents';
import { createIntake, createProject, requireIntake, requireProject, updateProject } from '../../forms';
import { gone } from './common';
import { type ActionExecutor, ActionFailure } from './types';

/** A template of the company of exactly this kind (a template of another kind is refused). */
function createFromTemplate(kind: Exclude<DocumentKind, 'invoice'>): ActionExecutor {
  return async (ctx) => {
    const [template] = ctx.rule.morphId
      ? await ctx.tx
          .select({
            id: salesDocument.id,
            kind: salesDocument.kind,
            documentTypeId: salesDocument.documentTypeId,
          })
          .from(salesDocument)
          .where(
            and(
              eq(salesDocument.id, ctx.rule.morphId),
              eq(salesDocument.isTemplate, true),
              isNull(salesDocument.deletedAt),
            ),
          )
      : [];
    if (!template) throw gone('Het gekozen documenttemplate');
    if (template.kind !== kind)
      throw new ActionFailure(
        `Het gekozen template is een template voor ${DOCUMENT_KIND_LABELS[template.kind as DocumentKind]?.the ?? template.kind}, niet voor ${DOCUMENT_KIND_LABELS[kind].the}.`,
      );
    const doc = await createDocument(ctx.tx, kind, {
      flow_id: ctx.flow.id,
      template_id: template.id,
      ...(kind === 'document' && template.documentTypeId !== null
        ? { document_type_id: template.documentTypeId }
        : {}),
    });
    return `${DOCUMENT_KIND_LABELS[kind].one}${doc.number ? ` ${doc.number}` : ''} aangemaakt`;
  };
}

export const createQuotation = createFromTemplate('quotation');
export const createConfirmation = createFromTemplate('confirmation');
export const createDocumentAction = createFromTemplate('document');

/** An intake on the flow, as "Opname starten" on the flow makes it (a draft without a date). */
export const createIntakeAction: ActionExecutor = async (ctx) => {
  const id = await createIntake(ctx.tx, zCreateIntake.parse({ flow_id: ctx.flow.id }));
  const created = await requireIntake(ctx.tx, id);
  return `Opname ${created.number} aangemaakt`;
};

function flowProjects(ctx: Parameters<ActionExecutor>[0], statuses: string[]) {
  return ctx.tx
    .select({ id: project.id, number: project.number, status: project.status })
    .from(project)
    .where(
      and(eq(project.flowId, ctx.flow.id), eq(project.isTemplate, false), inArray(project.status, statuses)),
    )
    .orderBy(asc(project.id));
}

/**
 * "Uitvoering starten": the flow's new project is marked planned; without an open one a project is
 * created as the project screen does, without its question about an approved quotation (the rule's
 * maker decided that when making the rule).
 */
export const startProject: ActionExecutor = async (ctx) => {
  const open = await flowProjects(ctx, ['new', 'planned']);
  const fresh = open.find((p) => p.status === 'new');
  if (fresh) {
    await updateProject(ctx.tx, fresh.id, { update_reason: 'markplanned' });
    return `Project ${fresh.number} ingepland`;
  }
  const planned = open[0];
  if (planned) return `Project ${planned.number} was al gestart`;
  const id = await createProject(ctx.tx, zCreateProject.parse({ flow_id: ctx.flow.id }));
  const created = await requireProject(ctx.tx, id);
  return `Project ${created.number} gestart`;
};

/** "Uitvoering afronden": the flow's open projects (new or planned) are marked completed. */
export const finishProject: ActionExecutor = async (ctx) => {
  const open = await flowProjects(ctx, ['new', 'planned']);
  if (open.length === 0) throw new ActionFailure('Dit dossier heeft geen open project om af te ronden.');
  for (const p of open) await updateProject(ctx.tx, p.id, { status: 'completed' });
  return open.length === 1
    ? `Project ${open[0]!.number} afgerond`
    : `Projecten ${open.map((p) => p.number).join(', ')} afgerond`;
};
