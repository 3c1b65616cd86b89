import type { FastifyInstance } from 'fastify';
import { documentRoutes } from './documents.routes';
import { widgetRoutes } from './widgets.routes';

export async function documentsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(documentRoutes);
  await app.register(widgetRoutes);
}
