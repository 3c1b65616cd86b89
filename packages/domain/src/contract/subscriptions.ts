// The API contract of subscriptions: request and response schemas, written once for server and web.
import { z } from 'zod';
import { zId } from './common';

export const zDate = z.iso.date();

export const zCreateSubscription = z.object({
  company_id: zId,
  subscription_type_id: zId,
  start_date: zDate,
  end_date: zDate.nullable().optional(),
});

export const zUpdateSubscription = z.object({
  subscription_type_id: zId.optional(),
  start_date: zDate.optional(),
  end_date: zDate.nullable().optional(),
});

export const zSubscription = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  subscription_type_id: z.number().int(),
  subscription_type_name: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
});

export type Subscription = z.infer<typeof zSubscription>;

export const zSubscriptionType = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  modules: z.array(z.object({ id: z.number().int(), tag: z.string() })),
});

export type SubscriptionType = z.infer<typeof zSubscriptionType>;

export const zCreateSubscriptionType = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(2000).optional(),
});

export const zUpdateSubscriptionType = zCreateSubscriptionType.partial();

export type CreateSubscription = z.infer<typeof zCreateSubscription>;
export type UpdateSubscription = z.infer<typeof zUpdateSubscription>;
export type CreateSubscriptionType = z.infer<typeof zCreateSubscriptionType>;
export type UpdateSubscriptionType = z.infer<typeof zUpdateSubscriptionType>;
