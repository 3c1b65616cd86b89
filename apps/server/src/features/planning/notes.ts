import type { CreateNote, Note, NoteKind, UpdateNote } from '@im/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { note } from '../../platform/db/tables/planning.schema';
import { user } from '../../platform/db/tables/users.schema';
import { writeLog } from '../../platform/events/write-log';
import { toIso } from '../../platform/http/dates';
import { userFullnameSql } from '../users';
import { resolveTarget, targetIdOf } from './targets';

const selection = {
  n: note,
  flowNumber: flow.number,
  userFullname: userFullnameSql,
};

type Row = { n: typeof note.$inferSelect; flowNumber: number | null; userFullname: string | null };

function serialize({ n, flowNumber, userFullname }: Row): Note {
  return {
    id: n.id,
    content: n.content,
    sticky: n.sticky,
    noteable_type: n.targetType as NoteKind,
    noteable_id: n.flowId ?? n.relationId ?? n.organizationId ?? n.companyId,
    relation_id: n.relationId,
    organization_id: n.organizationId,
    flow_id: n.flowId,
    flow_number: flowNumber,
    company_id: n.companyId,
    user_id: n.userId,
    user_fullname: userFullname ?? '',
    created_at: toIso(n.createdAt),
    updated_at: toIso(n.updatedAt),
  };
}

async function selectNotes(tx: Tx, where: SQL | undefined): Promise<Note[]> {
  const rows = await tx
    .select(selection)
    .from(note)
    .leftJoin(flow, eq(flow.id, note.flowId))
    .leftJoin(user, eq(user.id, note.userId))
    .where(where)
    .orderBy(desc(note.sticky), desc(note.createdAt), desc(note.id));
  return rows.map(serialize);
}

export async function loadNote(tx: Tx, id: number): Promise<Note | null> {
  return (await selectNotes(tx, eq(note.id, id)))[0] ?? null;
}

/** A relation's notes include its flows' notes; sticky ones first, then newest first. */
export async function listNotes(
  tx: Tx,
  q: { relation_id?: number; organization_id?: number; flow_id?: number; company?: boolean },
): Promise<Note[]> {
  const target = await resolveTarget(tx, q);
  const where =
    q.flow_id !== undefined
      ? eq(note.flowId, q.flow_id)
      : q.relation_id !== undefined
        ? eq(note.relationId, q.relation_id)
        : q.organization_id !== undefined
          ? eq(note.organizationId, q.organization_id)
          : eq(note.targetType, target.targetType);
  return selectNotes(tx, where);
}

export async function createNote(tx: Tx, input: CreateNote, caller: { userId: number; companyId: number }) {
  const target = await resolveTarget(tx, input);
  const [row] = await tx
    .insert(note)
    .values({
      targetType: target.targetType,
      relationId: target.relationId,
      organizationId: target.organizationId,
      flowId: target.flowId,
      content: input.content,
      sticky: input.sticky ?? false,
      userId: caller.userId,
    })
    .returning({ id: note.id });
  await writeLog(tx, {
    type: 'note',
    id: row!.id,
    action: 'create',
    description: `Notitie toegevoegd aan ${target.targetType} ${targetIdOf(target, caller.companyId)}`,
    flowId: target.flowId,
  });
  return row!.id;
}

export async function updateNote(tx: Tx, id: number, input: UpdateNote): Promise<boolean> {
  const changes: Partial<typeof note.$inferInsert> = {};
  if (input.content !== undefined) changes.content = input.content;
  if (input.sticky !== undefined) changes.sticky = input.sticky;
  const [row] = await tx
    .update(note)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(note.id, id))
    .returning({ id: note.id, flowId: note.flowId });
  if (!row) return false;
  await writeLog(tx, {
    type: 'note',
    id,
    action: 'update',
    description: 'Notitie gewijzigd',
    changes,
    flowId: row.flowId,
  });
  return true;
}

/** Deletes a note; answers where the screen goes next (the owning relation, flow, or the dashboard). */
export async function deleteNote(
  tx: Tx,
  id: number,
): Promise<{ relation_id: number | null; flow_id: number | null } | null> {
  const [row] = await tx
    .delete(note)
    .where(and(eq(note.id, id)))
    .returning({ relationId: note.relationId, flowId: note.flowId });
  if (!row) return null;
  await writeLog(tx, {
    type: 'note',
    id,
    action: 'delete',
    description: 'Notitie verwijderd',
    flowId: row.flowId,
  });
  return { relation_id: row.relationId, flow_id: row.flowId };
}
