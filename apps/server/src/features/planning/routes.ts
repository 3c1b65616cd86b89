import type { FastifyInstance } from 'fastify';
import { actionRoutes } from './actions.routes';
import { agendaItemRoutes } from './agenda-items.routes';
import { calendarFeedRoutes } from './calendar-feed.routes';
import { logItemRoutes } from './log-items.routes';
import { noteRoutes } from './notes.routes';
import { taskContextRoutes } from './task-contexts.routes';
import { taskRoutes } from './tasks.routes';

export async function planningRoutes(app: FastifyInstance): Promise<void> {
  await app.register(taskContextRoutes);
  await noteRoutes(app);
  await actionRoutes(app);
  await agendaItemRoutes(app);
  await calendarFeedRoutes(app);
  await taskRoutes(app);
  await logItemRoutes(app);
}
