import type { FlowWithRelatedTasks } from '@im/domain';
import { commitWith, type Tx } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { FLOW_NOT_FOUND, findFlow, flowDetailPlan } from '../flows';
import { tasksOfFlow } from './tasks-of-flow';

/**
 * flow getWithRelatedTasks: the flow's detail (as GET flow/{id}) with its tasks, read in one transaction
 * so both show the same moment. Another company's flow, or one merged away, is 404.
 */
export async function getFlowWithRelatedTasks(tx: Tx, id: number): Promise<FlowWithRelatedTasks> {
  if (!(await findFlow(tx, id))) throw notFound(FLOW_NOT_FOUND);
  const tasks = await tasksOfFlow(tx, id);
  const detail = await commitWith(tx, flowDetailPlan(id));
  if (!detail) throw notFound(FLOW_NOT_FOUND);
  return { ...detail, tasks };
}
