import type { DocumentKind } from '@im/domain';
import { renderDocument } from '@im/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../platform/errors';
import { tenantTx } from '../../platform/http/request-auth';
import { documentLabel, findDocument } from './document-dto';
import { frozenVersion, storedBytes } from './frozen-version';
import { pdfFilename, type RenderContext, renderInput } from './render-document';

/**
 * The staff download. A sent document is its frozen version: the PDF that was sent, byte for byte
 * (a version sent without a PDF renderer: its frozen HTML, rendered now). A draft is rendered as it
 * is now (header, footer, page numbers).
 */
export async function downloadPdf(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: DocumentKind,
  id: number,
  ctx: RenderContext,
): Promise<{ pdf: Buffer; filename: string }> {
  const prepared = await tenantTx(request, async (tx) => {
    const doc = await findDocument(tx, kind, id);
    const frozen = await frozenVersion(tx, doc);
    if (frozen) return { frozen, label: documentLabel(doc) } as const;
    const { input } = await renderInput(tx, doc, 'pdf', ctx);
    return {
      frozen: null,
      label: '',
      rendered: renderDocument(input),
      filename: pdfFilename(doc, input.kind_label, input.customer?.name ?? null),
    } as const;
  });
  if (prepared.frozen) {
    const { version, pdf: file } = prepared.frozen;
    if (file) {
      const pdf = await storedBytes(app.deps.storage, file);
      if (!pdf) throw notFound('De verstuurde PDF ontbreekt in de opslag.');
      return { pdf, filename: file.filename };
    }
    const pdf = await app.deps.pdf.render({ html: version.html });
    const name = prepared.label.replace(/[\\/:*?"<>|]+/g, '').slice(0, 150) || 'document';
    return { pdf, filename: `${name}.pdf` };
  }
  const pdf = await app.deps.pdf.render({
    html: prepared.rendered.html,
    headerHtml: prepared.rendered.header_html || undefined,
    footerHtml: prepared.rendered.footer_html,
  });
  return { pdf, filename: prepared.filename };
}
