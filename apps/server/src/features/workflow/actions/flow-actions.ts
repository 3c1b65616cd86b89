// Actions that change the flow itself: status, sub-status, request profile, people, description, tags,
// and the description of its coming appointments. Each goes through the flows feature's use-case.
import {
  FLOW_STATUS_LABELS,
  FLOW_STATUSES,
  type FlowStatus,
  stageOf,
  type UpdateFlowRequest,
} from '@im/domain';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { flowPhase } from '../../../platform/db/tables/flowphases.schema';
import { flowProfile } from '../../../platform/db/tables/flowprofiles.schema';
import { agendaItem } from '../../../platform/db/tables/planning.schema';
import { user } from '../../../platform/db/tables/users.schema';
import { changeFlowStatus, updateFlow } from '../../flows';
import { updateAgendaItem } from '../../planning';
import { actingUser, gone, renderRuleText, ruleUser } from './common';
import type { ActionContext, ActionExecutor } from './types';
import { ActionFailure } from './types';

const statusLabel = (status: string) => FLOW_STATUS_LABELS[status as FlowStatus] ?? status;

export const changeStatus: ActionExecutor = async (ctx) => {
  const status = ctx.rule.text.trim();
  if (!(FLOW_STATUSES as readonly string[]).includes(status))
    throw new ActionFailure(`De status '${status}' bestaat niet.`);
  if (ctx.flow.flowStatus === status) return `Status was al ${statusLabel(status)}`;
  await changeFlowStatus(ctx.tx, ctx.flow.id, { flow_status: status as FlowStatus });
  return `Status gewijzigd naar ${statusLabel(status)}`;
};

/** The phase's stage becomes the status (a lead keeps 'unread' within the lead stage). */
export const changeSubstatus: ActionExecutor = async (ctx) => {
  const [phase] = ctx.rule.morphId
    ? await ctx.tx.select().from(flowPhase).where(eq(flowPhase.id, ctx.rule.morphId))
    : [];
  if (!phase) throw gone('De gekozen substatus');
  if (ctx.flow.flowPhaseId === phase.id) return `Substatus was al ${phase.description}`;
  const current = ctx.flow.flowStatus as FlowStatus;
  const status = stageOf(current) === phase.flowstage ? current : (phase.flowstage as FlowStatus);
  await changeFlowStatus(ctx.tx, ctx.flow.id, { flow_status: status, flow_phase_id: phase.id });
  return status === current
    ? `Substatus gewijzigd naar ${phase.description}`
    : `Status gewijzigd naar ${statusLabel(status)}, substatus ${phase.description}`;
};

export const changeFlowprofile: ActionExecutor = async (ctx) => {
  const [profile] = ctx.rule.morphId
    ? await ctx.tx
        .select({ id: flowProfile.id, name: flowProfile.name })
        .from(flowProfile)
        .where(and(eq(flowProfile.id, ctx.rule.morphId), isNull(flowProfile.deletedAt)))
    : [];
  if (!profile) throw gone('Het gekozen aanvraagprofiel');
  if (ctx.flow.flowprofileId === profile.id) return `Aanvraagprofiel was al ${profile.name}`;
  await updateFlow(ctx.tx, ctx.flow.id, { flowprofile_id: profile.id });
  return `Aanvraagprofiel gewijzigd naar ${profile.name}`;
};

const PEOPLE = {
  user_id: { column: 'userId', label: 'Behandelaar' },
  office_user_id: { column: 'officeUserId', label: 'Binnendienstmedewerker' },
  project_user_id: { column: 'projectUserId', label: 'Uitvoerder' },
} as const;

/** Handler, office handler, execution handler: a user of the company (not "the handler" nor everyone). */
function changePerson(field: keyof typeof PEOPLE): ActionExecutor {
  const { column, label } = PEOPLE[field];
  return async (ctx) => {
    const chosen = (await ruleUser(ctx, { handler: false }))!;
    const [named] = await ctx.tx
      .select({ name: user.name, nameprefix: user.nameprefix, surname: user.surname })
      .from(user)
      .where(eq(user.id, chosen.id));
    const name = [named?.name, named?.nameprefix, named?.surname].filter(Boolean).join(' ');
    if (ctx.flow[column] === chosen.id) return `${label} was al ${name}`;
    await updateFlow(ctx.tx, ctx.flow.id, { [field]: chosen.id } as UpdateFlowRequest);
    return `${label} gewijzigd naar ${name}`;
  };
}

export const changeHandler = changePerson('user_id');
export const changeOfficeHandler = changePerson('office_user_id');
export const changeExecutionHandler = changePerson('project_user_id');

export const changeFlowDescription: ActionExecutor = async (ctx) => {
  const description = (await renderRuleText(ctx, ctx.rule.text, { html: false })).slice(0, 500);
  if (!description) throw new ActionFailure('De nieuwe omschrijving is leeg.');
  if (ctx.flow.description === description) return 'Omschrijving was al gelijk';
  await updateFlow(ctx.tx, ctx.flow.id, { description });
  return `Omschrijving gewijzigd naar '${description}'`;
};

/** The flow's agenda items that have not started yet get the text as their description. */
export const changeAppointmentDescription: ActionExecutor = async (ctx) => {
  const description = (await renderRuleText(ctx, ctx.rule.text, { html: false })).slice(0, 5000);
  const items = await futureAgendaItems(ctx);
  if (items.length === 0) return 'Geen toekomstige afspraken om te wijzigen';
  const actor = await actingUser(ctx);
  for (const item of items) await updateAgendaItem(ctx.tx, item.id, { description }, actor);
  return items.length === 1
    ? 'Omschrijving van 1 afspraak gewijzigd'
    : `Omschrijving van ${items.length} afspraken gewijzigd`;
};

/** The flow's agenda items that start after now, first first. */
export function futureAgendaItems(ctx: ActionContext) {
  return ctx.tx
    .select({ id: agendaItem.id })
    .from(agendaItem)
    .where(and(eq(agendaItem.flowId, ctx.flow.id), gt(agendaItem.startDate, new Date())))
    .orderBy(asc(agendaItem.startDate), asc(agendaItem.id));
}

/** Tags through the flow update, so the log carries `tags: [before, after]` (delayed rules cancel on it). */
function changeTags(add: boolean): ActionExecutor {
  return async (ctx) => {
    const ruleTags = ctx.rule.flowTags.map((t) => t.trim()).filter(Boolean);
    if (ruleTags.length === 0) throw new ActionFailure('Deze regel noemt geen tags.');
    const before = ctx.flow.tags;
    const tags = add ? [...new Set([...before, ...ruleTags])] : before.filter((t) => !ruleTags.includes(t));
    const changed = add ? tags.filter((t) => !before.includes(t)) : before.filter((t) => !tags.includes(t));
    if (changed.length === 0)
      return add ? 'Tags stonden al op het dossier' : 'Tags stonden niet op het dossier';
    await updateFlow(ctx.tx, ctx.flow.id, { tags });
    return `${add ? 'Tags toegevoegd' : 'Tags verwijderd'}: ${changed.join(', ')}`;
  };
}

export const addFlowTags = changeTags(true);
export const removeFlowTags = changeTags(false);
