import { FLOW_IMPORT_TEXTS, type FlowImportSummary } from '@im/domain';
import { rawRows, type Tx } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { toIso } from '../../platform/http/dates';
import type { Jobs } from '../../platform/jobs/jobs';
import { FLOW_IMPORT_UNDO } from './flow-import-jobs';

interface ImportRow {
  id: number;
  filename: string;
  batch_id: string;
  undo_batch_id: string | null;
  rows: number;
  flows_created: number;
  relations_created: number;
  relations_matched: number;
  flows_removed: number;
  relations_removed: number;
  flows_kept: number;
  relations_kept: number;
  created_at: Date;
  undone_at: Date | null;
  finished: boolean;
  failed: boolean;
  undo_failed: boolean;
}

const SELECT = `select i.id, i.filename, i.batch_id, i.undo_batch_id, i.rows, i.flows_created, i.relations_created,
    i.relations_matched, i.flows_removed, i.relations_removed, i.flows_kept, i.relations_kept, i.created_at, i.undone_at,
    b.finished_at is not null as finished, b.cancelled_at is not null as failed, u.cancelled_at is not null as undo_failed
  from flow_import i left join batch b on b.id = i.batch_id left join batch u on u.id = i.undo_batch_id`;

function summaryOf(r: ImportRow): FlowImportSummary {
  const status = r.undone_at
    ? 'undone'
    : r.undo_batch_id && !r.undo_failed
      ? 'undoing'
      : r.failed
        ? 'failed'
        : r.finished
          ? 'done'
          : 'running';
  return {
    id: r.id,
    filename: r.filename,
    status,
    batch_id: r.batch_id,
    undo_batch_id: r.undo_batch_id,
    rows: r.rows,
    flows_created: r.flows_created,
    relations_created: r.relations_created,
    relations_matched: r.relations_matched,
    flows_removed: r.flows_removed,
    relations_removed: r.relations_removed,
    flows_kept: r.flows_kept,
    relations_kept: r.relations_kept,
    created_at: toIso(r.created_at),
    undone_at: r.undone_at ? toIso(r.undone_at) : null,
  };
}

export async function getFlowImport(tx: Tx, id: number): Promise<FlowImportSummary> {
  const [row] = await rawRows<ImportRow>(tx, `${SELECT} where i.id = $1`, [id]);
  if (!row) throw notFound(FLOW_IMPORT_TEXTS.notFound);
  return summaryOf(row);
}

/** The company's imports, newest first, a page at a time (index on company and creation time). */
export async function queryFlowImports(tx: Tx, query: { offset: number; limit: number }) {
  const rows = await rawRows<ImportRow>(
    tx,
    `${SELECT} order by i.created_at desc, i.id desc offset $1 limit $2`,
    [query.offset, query.limit],
  );
  const [count] = await rawRows<{ n: number }>(tx, 'select count(*)::int as n from flow_import', []);
  return { data: rows.map(summaryOf), pagination: { total: count!.n, ...query } };
}

/** Undo of a whole import batch: allowed once the import ended (done or failed), once. */
export async function startUndo(tx: Tx, jobs: Jobs, id: number): Promise<string> {
  const [locked] = await rawRows<{ id: number }>(tx, 'select id from flow_import where id = $1 for update', [
    id,
  ]);
  if (!locked) throw notFound(FLOW_IMPORT_TEXTS.notFound);
  const current = await getFlowImport(tx, id);
  if (current.status === 'undone' || current.status === 'undoing')
    throw new AppError('conflict', FLOW_IMPORT_TEXTS.alreadyUndone);
  if (current.status === 'running') throw new AppError('conflict', FLOW_IMPORT_TEXTS.notFinished);
  const batchId = await jobs.startBatch(tx, FLOW_IMPORT_UNDO, { importId: id });
  await rawRows(tx, 'update flow_import set undo_batch_id = $2 where id = $1', [id, batchId]);
  return batchId;
}
