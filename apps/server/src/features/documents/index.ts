// The documents feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { copyWidgets } from './copy-document';
export {
  createDocument,
  createFromDocument,
  createTemplate,
  logDocument,
  newDocumentHash,
} from './create-document';
export { customerDocumentVersion } from './customer-document';
export {
  ATTACHMENT,
  DOCUMENT_OWNER,
  type DocumentRecord,
  documentLabel,
  findAnyDocument,
  findDocument,
  loadAttachments,
  loadDocument,
} from './document-dto';
export {
  type InvoiceKind,
  type NewInvoiceRow,
  registerDocumentKind,
} from './document-kinds';
export { saveDocumentType } from './document-types';
export { DOCUMENT_MODULES } from './documents.routes';
export { followFlow } from './follow-flow';
export { frozenVersion, storedBytes } from './frozen-version';
export { documentMergeData, kindLabel } from './merge-data';
export { renderInput, sha256 } from './render-document';
