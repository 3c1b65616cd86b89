import {
  FLOW_STAGES,
  type FlowPhase,
  type zCreateFlowPhase,
  type zReorderFlowPhases,
  type zUpdateFlowPhase,
} from '@im/domain';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { flowPhase } from '../../platform/db/tables/flowphases.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';

const stageOrder = sql`array_position(array[${sql.join(
  FLOW_STAGES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], ${flowPhase.flowstage}::text)`;

export async function listFlowPhases(tx: Tx, where?: SQL): Promise<FlowPhase[]> {
  const rows = await tx
    .select({
      id: flowPhase.id,
      description: flowPhase.description,
      color: flowPhase.color,
      flowstage: flowPhase.flowstage,
      order: flowPhase.order,
    })
    .from(flowPhase)
    .where(where)
    .orderBy(stageOrder, asc(flowPhase.order), asc(flowPhase.id));
  return rows as FlowPhase[];
}

async function one(tx: Tx, id: number) {
  return (await listFlowPhases(tx, eq(flowPhase.id, id)))[0] ?? null;
}

export async function createFlowPhase(tx: Tx, input: z.infer<typeof zCreateFlowPhase>) {
  let order = input.order;
  if (order === undefined) {
    const [last] = await tx
      .select({ max: sql<number | null>`max(${flowPhase.order})` })
      .from(flowPhase)
      .where(eq(flowPhase.flowstage, input.flowstage));
    order = (last?.max ?? -1) + 1;
  }
  const [row] = await tx
    .insert(flowPhase)
    .values({
      description: input.description,
      color: input.color ?? 'gray',
      flowstage: input.flowstage,
      order,
    })
    .returning({ id: flowPhase.id });
  await writeLog(tx, {
    type: 'flowphase',
    id: row!.id,
    action: 'create',
    description: `Fase ${input.description} aangemaakt`,
  });
  return (await one(tx, row!.id))!;
}

export async function updateFlowPhase(tx: Tx, id: number, input: z.infer<typeof zUpdateFlowPhase>) {
  const before = await one(tx, id);
  if (!before) return null;
  await tx
    .update(flowPhase)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(flowPhase.id, id));
  await writeLog(tx, {
    type: 'flowphase',
    id,
    action: 'update',
    description: `Fase ${before.description} gewijzigd`,
    changes: input,
  });
  return one(tx, id);
}

/** Flows in the phase keep their stage and lose the phase. */
export async function deleteFlowPhase(tx: Tx, id: number): Promise<boolean> {
  const [gone] = await tx.delete(flowPhase).where(eq(flowPhase.id, id)).returning();
  if (!gone) return false;
  await writeLog(tx, {
    type: 'flowphase',
    id,
    action: 'delete',
    description: `Fase ${gone.description} verwijderd`,
  });
  return true;
}

/** Puts the phases of a stage in the given order (every phase of the stage, each once). */
export async function reorderFlowPhases(tx: Tx, input: z.infer<typeof zReorderFlowPhases>) {
  const current = await listFlowPhases(tx, eq(flowPhase.flowstage, input.flowstage));
  const given = new Set(input.ids);
  if (
    given.size !== input.ids.length ||
    current.length !== given.size ||
    current.some((p) => !given.has(p.id))
  ) {
    const message = 'Geef alle fasen van deze fase-groep, elk één keer.';
    throw validationError(message, { ids: [message] });
  }
  for (const [order, id] of input.ids.entries()) {
    await tx.update(flowPhase).set({ order, updatedAt: new Date() }).where(eq(flowPhase.id, id));
  }
  await writeLog(tx, {
    type: 'flowphase',
    id: null,
    action: 'update',
    description: `Volgorde van de fasen (${input.flowstage}) gewijzigd`,
    changes: { ids: input.ids },
  });
  return listFlowPhases(tx, eq(flowPhase.flowstage, input.flowstage));
}
