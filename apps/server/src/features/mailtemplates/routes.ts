import type { FastifyInstance } from 'fastify';
import { attachedFileRoutes } from './attached-files.routes';
import { flowMailRoutes } from './flow-mail.routes';
import { mergeTagRoutes } from './merge-tags.routes';
import { templateRoutes } from './templates.routes';

/** Mail, message and contact templates, merge tags, and e-mail from a flow (decision 019). */
export async function mailTemplateRoutes(app: FastifyInstance): Promise<void> {
  await templateRoutes(app);
  await attachedFileRoutes(app);
  await mergeTagRoutes(app);
  await flowMailRoutes(app);
}
