import { PLANNING_MESSAGES, USER_ID_CASE_HANDLER, USER_ID_EVERYONE } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { notFound, validationError } from '../../platform/errors';

export type TargetType = 'relation' | 'organization' | 'flow' | 'company';

/** The record a note, action or agenda item hangs on, as stored (a flow's record carries its relation). */
export interface Target {
  targetType: TargetType;
  relationId: number | null;
  organizationId: number | null;
  flowId: number | null;
  /** The flow's handler (sales user), for user id 9999999. */
  flowUserId: number | null;
}

export const COMPANY_TARGET: Target = {
  targetType: 'company',
  relationId: null,
  organizationId: null,
  flowId: null,
  flowUserId: null,
};

/**
 * Finds the one record given (relation, organization or flow) in the caller's company; none given is
 * the company itself. Another company's id, or a trashed record, is 404 as the contract asks.
 */
export async function resolveTarget(
  tx: Tx,
  ids: { relation_id?: number; organization_id?: number; flow_id?: number },
): Promise<Target> {
  if (ids.flow_id !== undefined) {
    const [f] = await tx
      .select({ id: flow.id, relationId: flow.relationId, userId: flow.userId })
      .from(flow)
      .where(and(eq(flow.id, ids.flow_id), isNull(flow.deletedAt), isNull(flow.mergedIntoFlowId)));
    if (!f) throw notFound('Dossier niet gevonden.');
    return {
      targetType: 'flow',
      relationId: f.relationId,
      organizationId: null,
      flowId: f.id,
      flowUserId: f.userId,
    };
  }
  if (ids.relation_id !== undefined) {
    const [r] = await tx
      .select({ id: relation.id })
      .from(relation)
      .where(and(eq(relation.id, ids.relation_id), isNull(relation.deletedAt)));
    if (!r) throw notFound('Relatie niet gevonden.');
    return { ...COMPANY_TARGET, targetType: 'relation', relationId: r.id };
  }
  if (ids.organization_id !== undefined) {
    const [o] = await tx
      .select({ id: organization.id })
      .from(organization)
      .where(and(eq(organization.id, ids.organization_id), isNull(organization.deletedAt)));
    if (!o) throw notFound('Organisatie niet gevonden.');
    return { ...COMPANY_TARGET, targetType: 'organization', organizationId: o.id };
  }
  return COMPANY_TARGET;
}

/** The target's own id (the morph id): the flow, relation or organization, or the company. */
export function targetIdOf(t: Target, companyId: number): number {
  return t.flowId ?? (t.targetType === 'relation' ? t.relationId : null) ?? t.organizationId ?? companyId;
}

/**
 * A user id of a request as stored: 0 is nobody (null), 9999999 the flow's handler or else the
 * caller, any other id must be an active user of the caller's company (422 otherwise).
 */
export async function resolveUserId(
  tx: Tx,
  requested: number,
  target: Target,
  callerId: number,
): Promise<number | null> {
  if (requested === USER_ID_EVERYONE) return null;
  if (requested === USER_ID_CASE_HANDLER) return target.flowUserId ?? callerId;
  const [u] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, requested), isNull(user.deletedAt)));
  if (!u) throw validationError(PLANNING_MESSAGES.unknownUser, { user_id: [PLANNING_MESSAGES.unknownUser] });
  return u.id;
}

/** The target of a stored row (with the flow's handler, for user id 9999999). */
export async function storedTarget(
  tx: Tx,
  row: {
    targetType: string;
    relationId: number | null;
    organizationId: number | null;
    flowId: number | null;
  },
): Promise<Target> {
  const [f] = row.flowId
    ? await tx.select({ userId: flow.userId }).from(flow).where(eq(flow.id, row.flowId))
    : [];
  return {
    targetType: row.targetType as TargetType,
    relationId: row.relationId,
    organizationId: row.organizationId,
    flowId: row.flowId,
    flowUserId: f?.userId ?? null,
  };
}
