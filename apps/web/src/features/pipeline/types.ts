import type { Pipeline } from '@im/domain';

export type { PipelineLead } from '@im/domain';

// The board's answer comes from the contract in @im/domain (decision 010); the column list is the screen's.

/** Column statuses: `new` holds unread flows too. */
export const PIPELINE_COLUMNS = [
  'new',
  'intake',
  'quotation',
  'confirmation',
  'project',
  'invoice',
  'aftercare',
  'completed',
  'cancelled',
] as const;
export type ColumnStatus = (typeof PIPELINE_COLUMNS)[number];

export type PipelineBoard = Pipeline;
export type PipelineColumn = Pipeline['columns'][number];
