import { zFlag } from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../platform/files/send-file';
import { moduleRoute } from '../../platform/http/access';
import { PDF_FILE } from '../../platform/http/openapi';

const MAX_HTML = 512 * 1024;

/**
 * Renders an HTML document to PDF: the preview behind every template editor (SETTINGS). The
 * renderer runs without JavaScript and without network access.
 */
export async function pdfRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/pdf/preview',
    {
      config: { access: moduleRoute('SETTINGS'), ...PDF_FILE },
      schema: {
        body: z.object({
          html: z.string().min(1).max(MAX_HTML),
          header_html: z.string().max(20_000).optional(),
          footer_html: z.string().max(20_000).optional(),
          landscape: zFlag.optional(),
          filename: z
            .string()
            .max(120)
            .regex(/^[\w .-]+$/)
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const { html, header_html, footer_html, landscape, filename } = request.body;
      const pdf = await app.deps.pdf.render({
        html,
        headerHtml: header_html,
        footerHtml: footer_html,
        landscape,
      });
      const name = filename ?? 'voorbeeld.pdf';
      return reply
        .header('content-type', 'application/pdf')
        .header('x-filename', encodeURIComponent(name))
        .header('content-disposition', contentDisposition('inline', name))
        .send(pdf);
    },
  );
}
