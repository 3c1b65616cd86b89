import type { DocumentKind } from '@im/domain';
import { renderDocument } from '@im/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tenantTx } from '../../platform/http/request-auth';
import { findDocument } from './document-dto';
import { pdfFilename, type RenderContext, renderInput } from './render-document';

/** The staff download: the document as it is now, rendered to PDF (header, footer, page numbers). */
export async function downloadPdf(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: DocumentKind,
  id: number,
  ctx: RenderContext,
): Promise<{ pdf: Buffer; filename: string }> {
  const prepared = await tenantTx(request, async (tx) => {
    const doc = await findDocument(tx, kind, id);
    const { input } = await renderInput(tx, doc, 'pdf', ctx);
    return {
      rendered: renderDocument(input),
      filename: pdfFilename(doc, input.kind_label, input.customer?.name ?? null),
    };
  });
  const pdf = await app.deps.pdf.render({
    html: prepared.rendered.html,
    headerHtml: prepared.rendered.header_html || undefined,
    footerHtml: prepared.rendered.footer_html,
  });
  return { pdf, filename: prepared.filename };
}
