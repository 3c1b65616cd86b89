import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth';
import { batchRoutes } from './batches';
import { companyRoutes } from './companies';
import { healthRoutes } from './health';
import { portalConfigRoutes } from './health/portal-config';
import { mailRoutes } from './mail';
import { moduleRoutes } from './modules';
import { pdfRoutes } from './pdf';
import { subscriptionFeatureRoutes } from './subscriptions';
import { systemNotificationRoutes } from './systemnotifications';
import { userRoutes } from './users';

/** Every feature's routes; each route declares its access where it is defined. */
export async function registerFeatureRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(portalConfigRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(companyRoutes);
  await app.register(batchRoutes);
  await app.register(mailRoutes);
  await app.register(pdfRoutes);
  await app.register(moduleRoutes);
  await app.register(subscriptionFeatureRoutes);
  await app.register(systemNotificationRoutes);
}
