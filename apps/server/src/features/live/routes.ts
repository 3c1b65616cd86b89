import type { OutgoingHttpHeaders } from 'node:http';
import { type DomainEvent, LIVE_EVENT, mayReceiveEvent } from '@im/domain';
import type { FastifyInstance } from 'fastify';
import { resolveSession } from '../../platform/auth/sessions';
import { anyUser } from '../../platform/http/access';
import { downloadDoc, FILE_TYPES } from '../../platform/http/openapi';
import { authOf, bearerToken } from '../../platform/http/request-auth';

/** A comment line now and then keeps proxies from closing an idle stream; the session is checked too. */
const HEARTBEAT_MS = 25_000;

function frame(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * `GET /api/live/events`: the live channel, as server-sent events. It carries the domain events the
 * user may see (own company, module and role as for the reads) and ends when the session does. A
 * client that (re)connects gets `ready` first and refetches what it shows: nothing depends on the
 * channel for correctness, so there is no replay (decision 012).
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.get(
    '/api/live/events',
    {
      config: { access: anyUser, ...downloadDoc('Server-sent events (blijft open)', FILE_TYPES.events) },
      schema: {
        summary: 'Live channel: domain events as server-sent events (text/event-stream)',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const token = bearerToken(request)!;
      const { config, db, events } = app.deps;
      const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxDays: config.SESSION_MAX_DAYS };
      reply.hijack();
      const res = reply.raw;
      // The headers set so far (the security headers of every answer), then the stream's own.
      res.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write(`retry: 3000\n${frame(LIVE_EVENT.ready, { refetch: false })}`);

      let user = { modules: auth.modules as ReadonlySet<string>, role: auth.role };
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        open.delete(close);
        unsubscribe();
        clearInterval(heartbeat);
        res.end();
      };
      /** Ends the stream when the session is over; picks up a changed role or module list otherwise. */
      const recheck = async () => {
        const current = await resolveSession(db, token, policy).catch(() => undefined);
        if (current === null) close();
        else if (current) user = { modules: current.modules, role: current.role };
      };
      const unsubscribe = events.listener.subscribe({
        onEvent(event: DomainEvent) {
          if (event.company_id !== auth.companyId || !mayReceiveEvent(event, user)) return;
          res.write(frame(LIVE_EVENT.domain, event, event.id));
        },
        onSessionEnd(userId) {
          if (userId === auth.userId) void recheck();
        },
        onGap() {
          res.write(frame(LIVE_EVENT.ready, { refetch: true }));
        },
        onClose: close,
      });
      const heartbeat = setInterval(() => {
        res.write(': ping\n\n');
        void recheck();
      }, HEARTBEAT_MS);
      heartbeat.unref();
      open.add(close);
      request.raw.on('close', close);
    },
  );
}
