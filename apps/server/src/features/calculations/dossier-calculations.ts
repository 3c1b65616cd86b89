import { DOCUMENT_TEXTS } from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { lockCalculation, replaceCalculationLines } from './calculation-actions';
import { recalculate } from './calculation-dto';

/**
 * A flow's dossier calculations are its calculations that no document holds: the working
 * calculations a quotation starts from (decision 037). A document's calculation is its own copy.
 */
const notADocumentsCalculation = (flowId: number) =>
  sql`not exists (select 1 from sales_document d where d.flow_id = ${flowId} and d.calculation_id = c.id)`;

const refuse = (field: string) =>
  validationError(DOCUMENT_TEXTS.calculationNotOnFlow, { [field]: [DOCUMENT_TEXTS.calculationNotOnFlow] });

/**
 * The dossier calculation a new document of the flow copies: the chosen one (which must be a dossier
 * calculation of this flow, else 422 on `calculation_id`), else the only one, with several the most
 * recently changed; null when the flow has none or the caller chose none.
 */
export async function dossierCalculationFor(
  tx: Tx,
  flowId: number,
  chosen: number | null | undefined,
): Promise<number | null> {
  if (chosen === null) return null;
  const rows = await tx.execute<{ id: number }>(sql`select c.id from calculation c
    where c.flow_id = ${flowId} and not c.is_template and ${notADocumentsCalculation(flowId)}
    ${chosen === undefined ? sql`` : sql`and c.id = ${chosen}`}
    order by c.updated_at desc, c.id desc limit 1`);
  const id = rows.rows[0]?.id ?? null;
  if (chosen !== undefined && id === null) throw refuse('calculation_id');
  return id;
}

/**
 * copyfrom: another calculation of the same flow (a dossier calculation, or another document's)
 * replaces this one's lines, discount, columns and rows; the source stays as it is.
 */
export async function copyCalculationFrom(tx: Tx, id: number, sourceId: number) {
  const target = await lockCalculation(tx, id);
  const source =
    target.flowId === null || sourceId === id
      ? undefined
      : (
          await tx.execute<{ id: number; name: string }>(
            sql`select c.id, c.name from calculation c where c.id = ${sourceId} and c.flow_id = ${target.flowId} and not c.is_template`,
          )
        ).rows[0];
  if (!source) throw refuse('calculation_id');
  await replaceCalculationLines(tx, id, source.id);
  await writeLog(tx, {
    type: 'calculation',
    id,
    action: 'update',
    description: `Calculatie ${id} overgenomen van calculatie ${source.id}`,
    flowId: target.flowId,
  });
  return recalculate(tx, id);
}
