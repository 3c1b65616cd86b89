// Actions on the flow's planning: appointments, tasks, notes and actions made or removed, and the
// flow's waiting delayed rules cancelled. Each goes through the planning feature's use-case.
import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE, MAX_NOTE_LENGTH, RULE_USER_EVERYONE } from '@im/domain';
import { and, asc, eq } from 'drizzle-orm';
import { action, task } from '../../../platform/db/tables/planning.schema';
import { delayedRule } from '../../../platform/db/tables/workflow.schema';
import {
  createAction,
  createAgendaItem,
  createNote,
  deleteAction,
  deleteAgendaItem,
  storeFromTemplate,
} from '../../planning';
import { actingUser, gone, renderRuleText, ruleUser } from './common';
import { futureAgendaItems } from './flow-actions';
import { type ActionExecutor, ActionFailure } from './types';

const HOUR_MS = 3_600_000;

/**
 * When a rule's appointment starts: the next working day (Monday to Friday; public holidays are not
 * known here) after `now`, at 09:00 Amsterdam time. It lasts one hour.
 */
export function nextWorkingDayAt9(now: Date): { start: Date; end: Date } {
  const local = new TZDate(now.getTime(), BUSINESS_TIME_ZONE);
  const day = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + 1,
    9,
    0,
    BUSINESS_TIME_ZONE,
  );
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
  day.setHours(9, 0, 0, 0);
  const start = new Date(day.getTime());
  return { start, end: new Date(start.getTime() + HOUR_MS) };
}

/** An agenda item on the flow for the rule's user (9999999: the flow's handler), the text as description. */
export const createAppointment: ActionExecutor = async (ctx) => {
  const who = (await ruleUser(ctx))!;
  const actor = await actingUser(ctx);
  const description = (await renderRuleText(ctx, ctx.rule.text, { html: false })).slice(0, 5000);
  const title = (ctx.rule.description.trim() || `Afspraak dossier ${ctx.flow.number}`).slice(0, 200);
  const { start, end } = nextWorkingDayAt9(new Date());
  await createAgendaItem(
    ctx.tx,
    {
      flow_id: ctx.flow.id,
      title,
      description,
      user_id: who.id,
      start_date: start.toISOString(),
      end_date: end.toISOString(),
    },
    actor,
  );
  const when = new TZDate(start.getTime(), BUSINESS_TIME_ZONE);
  return `Afspraak '${title}' gemaakt op ${when.getDate()}-${when.getMonth() + 1}-${when.getFullYear()} om 09:00`;
};

export const createTaskAction: ActionExecutor = async (ctx) => {
  const [template] = ctx.rule.morphId
    ? await ctx.tx
        .select({ id: task.id, description: task.description })
        .from(task)
        .where(and(eq(task.id, ctx.rule.morphId), eq(task.isTemplate, true)))
    : [];
  if (!template) throw gone('Het gekozen taaksjabloon');
  const actor = await actingUser(ctx);
  await storeFromTemplate(ctx.tx, { flow_id: ctx.flow.id, tasktemplate_id: template.id }, actor);
  return `Taak '${template.description}' aangemaakt`;
};

/** A note on the flow, written in the name of the acting user (the handler, else the rule's maker). */
export const createNoteAction: ActionExecutor = async (ctx) => {
  const actor = await actingUser(ctx);
  const content = (await renderRuleText(ctx, ctx.rule.text, { html: false, sender: actor.userId })).slice(
    0,
    MAX_NOTE_LENGTH,
  );
  if (!content) throw new ActionFailure('De tekst van de notitie is leeg.');
  await createNote(ctx.tx, { flow_id: ctx.flow.id, content }, actor);
  return 'Notitie aangemaakt';
};

/** An action on the flow with the domain's defaults: due now, overdue 48 hours later, normal priority. */
export const createActionAction: ActionExecutor = async (ctx) => {
  const who = await ruleUser(ctx, { everyone: true });
  const actor = await actingUser(ctx);
  const description = (await renderRuleText(ctx, ctx.rule.text, { html: false })).slice(0, 2000);
  if (!description) throw new ActionFailure('De omschrijving van de actie is leeg.');
  await createAction(
    ctx.tx,
    { flow_id: ctx.flow.id, description, user_id: who?.id ?? RULE_USER_EVERYONE },
    actor,
  );
  return `Actie '${description.slice(0, 100)}' aangemaakt${who ? '' : ' voor iedereen'}`;
};

export const deleteActions: ActionExecutor = async (ctx) => {
  const open = await ctx.tx
    .select({ id: action.id })
    .from(action)
    .where(and(eq(action.flowId, ctx.flow.id), eq(action.status, 'open')))
    .orderBy(asc(action.id));
  for (const a of open) await deleteAction(ctx.tx, a.id);
  return open.length === 1 ? '1 open actie verwijderd' : `${open.length} open acties verwijderd`;
};

export const deleteAgendaitems: ActionExecutor = async (ctx) => {
  const items = await futureAgendaItems(ctx);
  for (const item of items) await deleteAgendaItem(ctx.tx, item.id);
  return items.length === 1
    ? '1 toekomstige afspraak verwijderd'
    : `${items.length} toekomstige afspraken verwijderd`;
};

/** The flow's waiting delayed rules are cancelled (the one running now is not waiting). */
export const deleteDelayedRules: ActionExecutor = async (ctx) => {
  const reason = `Geannuleerd door workflowregel: ${ctx.rule.description.trim() || `regel ${ctx.rule.id}`}`;
  const cancelled = await ctx.tx
    .update(delayedRule)
    .set({ status: 'cancelled', reason, finishedAt: new Date() })
    .where(and(eq(delayedRule.flowId, ctx.flow.id), eq(delayedRule.status, 'pending')))
    .returning({ id: delayedRule.id });
  return cancelled.length === 1
    ? '1 uitgestelde regel geannuleerd'
    : `${cancelled.length} uitgestelde regels geannuleerd`;
};
