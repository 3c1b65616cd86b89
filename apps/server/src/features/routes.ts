import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth';
import { batchRoutes } from './batches';
import { calculationRoutes } from './calculations';
import { companyRoutes } from './companies';
import { flowSettingsRoutes } from './companies/flow-settings.routes';
import { flowPhaseRoutes } from './flowphases';
import { flowProfileRoutes } from './flowprofiles';
import { flowRoutes } from './flows';
import { healthRoutes } from './health';
import { portalConfigRoutes } from './health/portal-config';
import { liveRoutes } from './live';
import { locationRoutes } from './locations';
import { mailRoutes } from './mail';
import { moduleRoutes } from './modules';
import { organizationRoutes } from './organizations';
import { pdfRoutes } from './pdf';
import { pipelineRoutes } from './pipeline';
import { productRoutes } from './products';
import { relationRoutes } from './relations';
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
  await app.register(flowRoutes);
  await app.register(pipelineRoutes);
  await app.register(flowSettingsRoutes);
  await app.register(flowProfileRoutes);
  await app.register(flowPhaseRoutes);
  await app.register(productRoutes);
  await app.register(calculationRoutes);
  await app.register(relationRoutes);
  await app.register(organizationRoutes);
  await app.register(locationRoutes);
  await app.register(liveRoutes);
}
