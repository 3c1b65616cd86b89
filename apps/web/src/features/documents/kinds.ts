import { CUSTOMER_DOCUMENT_ROUTES, type DocumentKind, type ModuleTag, type SessionData } from '@im/domain';

/** The module each kind needs (docs/api/documents.md). */
export const KIND_MODULE: Record<DocumentKind, ModuleTag> = {
  quotation: 'QUOTATION',
  confirmation: 'CONFIRMATION',
  document: 'PROJECT',
  invoice: 'INVOICE',
};

const KIND_FLAG = {
  quotation: 'hasModuleQuotation',
  confirmation: 'hasModuleConfirmation',
  document: 'hasModuleProject',
  invoice: 'hasModuleInvoice',
} as const satisfies Record<DocumentKind, keyof SessionData>;

export function hasKindModule(session: SessionData, kind: DocumentKind): boolean {
  return session[KIND_FLAG[kind]] === true;
}

/** The API resource of a kind, optionally one document and one of its calls. */
export function kindApi(kind: DocumentKind, id?: number, call?: string): string {
  return [`/api/${kind}`, id, call].filter((part) => part !== undefined).join('/');
}

export function detailPath(kind: DocumentKind, id: number, isTemplate = false): string {
  return `/${kind}${isTemplate ? 'template' : ''}_detail/${id}`;
}

/** Where a deleted document (or template) goes. */
export function overviewPath(kind: DocumentKind, isTemplate = false): string {
  return isTemplate ? '/account/company_documentsettings' : `/${kind}_overview`;
}

/** The customer page of a document, in a new window. */
/** Staff's "view as customer": the customer page as a preview (the open is not recorded as the customer's). */
export function customerHref(kind: DocumentKind, hash: string): string {
  return `#${CUSTOMER_DOCUMENT_ROUTES[kind]}/${hash}?preview=1`;
}
