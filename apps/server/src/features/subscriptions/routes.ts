import type { FastifyInstance } from 'fastify';
import { subscriptionTypeRoutes } from './subscription-types.routes';
import { subscriptionRoutes } from './subscriptions.routes';

export { createSubscription } from './save-subscription';
export { createSubscriptionType } from './subscription-types';

/** Subscription types (module packages) and companies' subscriptions; platform admins only. */
export async function subscriptionFeatureRoutes(app: FastifyInstance): Promise<void> {
  await app.register(subscriptionTypeRoutes);
  await app.register(subscriptionRoutes);
}
