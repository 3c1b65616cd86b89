// The API contract of product imports (preview and batch) and exports.
import { z } from 'zod';

export const zImportRowError = z.object({ row: z.number().int(), message: z.string() });

/** `?preview=1` of importproducts: what the file would do, nothing written. */
export const zProductImportPreview = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  errors: z.array(zImportRowError),
});
export type ProductImportPreview = z.infer<typeof zProductImportPreview>;
