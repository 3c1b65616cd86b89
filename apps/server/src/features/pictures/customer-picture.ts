import type { Picture } from '@im/domain';
import { z } from 'zod';
import { THUMBNAIL_WIDTH } from './process-picture';

/** A customer's photo: the staff fields without the staff addresses, with the customer's own. */
export const zCustomerPicture = z.object({
  id: z.number().int(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  flow_data_item_id: z.number().int().nullable(),
  field_name: z.string().nullable(),
  /** The original (stripped of metadata like every stored photo). */
  url: z.string(),
  /** The 400 px wide thumbnail. */
  thumbnail_url: z.string(),
  created_at: z.string(),
});
export type CustomerPicture = z.infer<typeof zCustomerPicture>;

/** The customer's addresses of a photo: the original and the 400 px thumbnail, by the flow hash. */
export function customerPictureUrls(
  p: { id: number; width: number | null },
  hash: string,
): { url: string; thumbnail_url: string } {
  const base = `/api/picture/${p.id}/getbycustomer?hash=${encodeURIComponent(hash)}`;
  return {
    url: `${base}&width=${Math.max(p.width ?? 0, THUMBNAIL_WIDTH + 1)}`,
    thumbnail_url: `${base}&width=${THUMBNAIL_WIDTH}`,
  };
}

export function customerPictureOf(p: Picture, hash: string): CustomerPicture {
  return {
    id: p.id,
    filename: p.filename,
    mime_type: p.mime_type,
    size: p.size,
    width: p.width,
    height: p.height,
    flow_data_item_id: p.flow_data_item_id,
    field_name: p.field_name,
    ...customerPictureUrls(p, hash),
    created_at: p.created_at,
  };
}
