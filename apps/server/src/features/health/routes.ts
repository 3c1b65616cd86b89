import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicRoute } from '../../platform/http/access';

const zHealth = z.object({
  status: z.literal('ok'),
  pdf: z.enum(['available', 'unavailable']),
  pdf_message: z.string().nullable(),
  mail: z.enum(['smtp', 'outbox']),
});

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/health',
    {
      config: { access: publicRoute('load balancers and monitors probe it') },
      schema: { response: { 200: zHealth } },
    },
    async () => {
      const { db, pdf, mailer } = app.deps;
      // One statement outside a transaction: the probe should cost no more than it checks.
      await db.pool.query('select 1 from module limit 1');
      return {
        status: 'ok' as const,
        pdf: pdf.available ? ('available' as const) : ('unavailable' as const),
        pdf_message: pdf.unavailableReason,
        mail: mailer.isSmtpConfigured ? ('smtp' as const) : ('outbox' as const),
      };
    },
  );
}
