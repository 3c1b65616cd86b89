// The API contract of systemnotifications: request and response schemas, written once for server and web.
import { z } from 'zod';
import { zFlag } from '../flags';
import { THEMES } from '../themes';

export const zSystemNotification = z.object({
  id: z.number().int(),
  content: z.string(),
  theme: z.enum(THEMES),
  active: z.boolean(),
  created_at: z.string(),
});

export const zActiveSystemNotification = zSystemNotification.pick({ id: true, content: true, theme: true });

export const zCreateSystemNotification = z.object({
  content: z.string().trim().min(1).max(10_000),
  theme: z.enum(THEMES),
  active: zFlag.optional(),
});

export const zUpdateSystemNotification = zCreateSystemNotification.partial();

export type SystemNotification = z.infer<typeof zSystemNotification>;
export type ActiveSystemNotification = z.infer<typeof zActiveSystemNotification>;
export type CreateSystemNotification = z.infer<typeof zCreateSystemNotification>;
export type UpdateSystemNotification = z.infer<typeof zUpdateSystemNotification>;
