// What the executors share: who acts, which user a rule names, its texts with merge tags filled in.
import { checkMergeTags, RULE_USER_EVERYONE, RULE_USER_HANDLER, renderMergeTags } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { user } from '../../../platform/db/tables/users.schema';
import { AppError } from '../../../platform/errors';
import { flowMergeData } from '../../mailtemplates';
import { type ActionContext, type ActionExecutor, ActionFailure } from './types';

export const ACTION_TEXTS = {
  noActor:
    'Er is niemand om namens te handelen: het dossier heeft geen behandelaar en de maker van de regel bestaat niet meer.',
  noHandler: 'Dit dossier heeft geen behandelaar.',
  userGone: 'De gekozen gebruiker bestaat niet meer.',
  handlerNotHere: 'Kies een gebruiker: de behandelaar van het dossier kan bij deze actie niet.',
  everyoneNotHere: 'Kies een gebruiker: iedereen kan bij deze actie niet.',
  noUser: 'Kies een gebruiker.',
} as const;

export interface Actor {
  userId: number;
  companyId: number;
  role: number;
}

async function activeUser(ctx: ActionContext, id: number) {
  const [found] = await ctx.tx
    .select({ id: user.id, role: user.role, email: user.email })
    .from(user)
    .where(and(eq(user.id, id), isNull(user.deletedAt)));
  return found ?? null;
}

/**
 * Who a use-case acts as when it needs a user (the author of a note, the creator of an action, the
 * sender of a mail): the engine runs without a logged-in user, so the flow's handler, else the user
 * who made the rule; neither an active user of the company: the action is refused.
 */
export async function actingUser(ctx: ActionContext): Promise<Actor> {
  for (const id of [ctx.flow.userId, ctx.rule.createdBy]) {
    if (id === null) continue;
    const found = await activeUser(ctx, id);
    if (found) return { userId: found.id, companyId: ctx.companyId, role: found.role };
  }
  throw new ActionFailure(ACTION_TEXTS.noActor);
}

/**
 * The user a rule's `user_id` names: 9999999 the flow's handler, 0 everyone (null, only where
 * `everyone` allows it), else an active user of the company (RLS hides other companies' users).
 */
export async function ruleUser(
  ctx: ActionContext,
  options: { everyone?: boolean; handler?: boolean } = {},
): Promise<{ id: number; email: string } | null> {
  const requested = ctx.rule.userId;
  if (requested === null) throw new ActionFailure(ACTION_TEXTS.noUser);
  if (requested === RULE_USER_EVERYONE) {
    if (options.everyone) return null;
    throw new ActionFailure(ACTION_TEXTS.everyoneNotHere);
  }
  let id = requested;
  if (requested === RULE_USER_HANDLER) {
    if (options.handler === false) throw new ActionFailure(ACTION_TEXTS.handlerNotHere);
    if (ctx.flow.userId === null) throw new ActionFailure(ACTION_TEXTS.noHandler);
    id = ctx.flow.userId;
  }
  const found = await activeUser(ctx, id);
  if (!found) throw new ActionFailure(ACTION_TEXTS.userGone);
  return { id: found.id, email: found.email };
}

/**
 * A rule's text with the flow's merge tags filled in, by the one renderer mails use (`sender`: whose
 * name `gebruiker` carries). A text whose merge tags do not parse is refused with the renderer's message.
 */
export async function renderRuleText(
  ctx: ActionContext,
  text: string,
  options: { html: boolean; sender?: number | null },
): Promise<string> {
  const problem = checkMergeTags(text);
  if (problem) throw new ActionFailure(problem);
  const data = await flowMergeData(
    ctx.tx,
    ctx.flow.id,
    options.sender ?? ctx.flow.userId,
    ctx.deps.config.APP_URL,
  );
  return renderMergeTags(text, data, { html: options.html }).trim();
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A rule's plain text as mail HTML: escaped, line breaks kept, merge tags left whole for the mail's
 * renderer. A text that already is HTML stays as it is (mails sanitise it).
 */
export function textAsHtml(text: string): string {
  if (/<[a-z][\s\S]*>/i.test(text)) return text;
  return text
    .split(/(\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\})/)
    .map((part, i) => (i % 2 === 1 ? part : escapeHtml(part).replace(/\r?\n/g, '<br>')))
    .join('');
}

/** A use-case's refusal (409 cancel blocked, 422 unknown user, ...) becomes the action's refusal, same text. */
export function refusalsAsFailures(executor: ActionExecutor): ActionExecutor {
  return async (ctx) => {
    try {
      return await executor(ctx);
    } catch (err) {
      if (err instanceof AppError && err.code !== 'internal') throw new ActionFailure(err.message);
      throw err;
    }
  };
}

/** `Het gekozen e-mailtemplate bestaat niet meer.` and the like. */
export const gone = (what: string) => new ActionFailure(`${what} bestaat niet meer.`);
