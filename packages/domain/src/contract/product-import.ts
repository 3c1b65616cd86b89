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
export type ImportRowError = z.infer<typeof zImportRowError>;

/** `?preview=1` of importproducttablerows: the price rows the file holds. */
export const zTableRowsPreview = z.object({ rows: z.number().int(), errors: z.array(zImportRowError) });

/** `?preview=1` of importmatrix: the dimensions the grid holds. */
export const zMatrixPreview = z.object({
  x: z.array(z.number()),
  y: z.array(z.number()),
  errors: z.array(zImportRowError),
});

export const zImportQuery = z.object({ preview: z.enum(['1', '0', 'true', 'false']).optional() });
export type TableRowsPreview = z.infer<typeof zTableRowsPreview>;
export type MatrixPreview = z.infer<typeof zMatrixPreview>;
