import { z } from 'zod';

export const BATCH_POLL_INTERVAL_MS = 1000;

export const zBatch = z.object({
  id: z.string(),
  progress: z.number().int().min(0).max(100),
  cancelledAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Batch = z.infer<typeof zBatch>;

export const zBatchStarted = z.object({ batchId: z.string() });
export type BatchStarted = z.infer<typeof zBatchStarted>;
