import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject } from 'pdf-lib';

// A PDF that runs something when it is opened (JavaScript, a launched program, an embedded file) is no
// document a customer or colleague should get from us. Found in its objects, also those packed in object
// streams (pdf-lib unpacks them), and in its raw bytes when it cannot be parsed.

const ACTIVE_KEYS = ['JS', 'JavaScript', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia'];
const ACTIVE_ACTIONS = new Set(['/JavaScript', '/Launch', '/ImportData', '/RichMediaExecute']);
const RAW = /\/(JavaScript|JS|Launch|EmbeddedFiles?|RichMedia)\b/;

export const PDF_ACTIVE_CONTENT =
  'Dit PDF-bestand bevat JavaScript of andere actieve inhoud en wordt daarom niet geaccepteerd. Sla het opnieuw op als gewone PDF (bijvoorbeeld via Afdrukken naar PDF).';

/** Whether the PDF holds active content. */
export async function hasActivePdfContent(bytes: Uint8Array): Promise<boolean> {
  if (RAW.test(Buffer.from(bytes).toString('latin1'))) return true;
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
  } catch {
    return false; // the raw bytes held none of the names, and nothing parses it into more
  }
  return doc.context.enumerateIndirectObjects().some(([, object]) => isActive(object, 0));
}

/** A dictionary with an active key or action, looked for in the nested dictionaries and arrays too. */
function isActive(object: PDFObject, depth: number): boolean {
  if (depth > 32) return false;
  if (object instanceof PDFArray) return object.asArray().some((item) => isActive(item, depth + 1));
  if (!(object instanceof PDFDict)) return false;
  if (ACTIVE_KEYS.some((key) => object.has(PDFName.of(key)))) return true;
  const action = object.get(PDFName.of('S'));
  if (action instanceof PDFName && ACTIVE_ACTIONS.has(action.asString())) return true;
  return object.values().some((value) => isActive(value, depth + 1));
}
