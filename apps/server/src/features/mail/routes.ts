import { zPaginated, zPaginationQuery } from '@im/domain';
import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMail } from '../../platform/db/tables/mail.schema';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { toIso } from '../../platform/http/dates';

const zOutboxMail = z.object({
  id: z.number(),
  company_id: z.number(),
  to: z.string(),
  from: z.string(),
  reply_to: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

function serialize(m: typeof outboxMail.$inferSelect): z.infer<typeof zOutboxMail> {
  return {
    id: m.id,
    company_id: m.companyId,
    to: m.toAddress,
    from: m.fromAddress,
    reply_to: m.replyTo,
    subject: m.subject,
    text: m.text,
    html: m.html,
    status: m.status,
    error: m.error,
    created_at: toIso(m.createdAt),
    sent_at: m.sentAt ? toIso(m.sentAt) : null,
  };
}

/** The outbox: every mail the platform sent or kept; platform admins only (it holds reset links). */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = moduleRoute('ADMIN', 5000);

  r.get(
    '/api/outboxmail/querypaginated',
    {
      config: { access },
      schema: { querystring: zPaginationQuery, response: { 200: zPaginated(zOutboxMail) } },
    },
    async (request) => {
      const { offset, limit, query } = request.query;
      const where = query
        ? or(ilike(outboxMail.toAddress, `%${query}%`), ilike(outboxMail.subject, `%${query}%`))
        : undefined;
      return app.deps.db.platform(async (tx) => {
        const rows = await tx
          .select()
          .from(outboxMail)
          .where(where)
          .orderBy(desc(outboxMail.createdAt), desc(outboxMail.id))
          .limit(limit)
          .offset(offset);
        const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(outboxMail).where(where);
        return { data: rows.map(serialize), pagination: { total: count!.n, offset, limit } };
      });
    },
  );

  r.get(
    '/api/outboxmail/:id',
    {
      config: { access },
      schema: {
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: zOutboxMail },
      },
    },
    async (request) => {
      const [row] = await app.deps.db.platform((tx) =>
        tx.select().from(outboxMail).where(eq(outboxMail.id, request.params.id)),
      );
      if (!row) throw notFound();
      return serialize(row);
    },
  );
}
