import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const overview = (
  name:
    | 'QuotationOverviewScreen'
    | 'ConfirmationOverviewScreen'
    | 'DocumentOverviewScreen'
    | 'InvoiceOverviewScreen',
) => lazy(() => import('./screens/document-overview.screen').then((m) => ({ default: m[name] })));
const detail = (
  name:
    | 'QuotationDetailScreen'
    | 'ConfirmationDetailScreen'
    | 'DocumentDetailScreen'
    | 'QuotationTemplateDetailScreen'
    | 'ConfirmationTemplateDetailScreen'
    | 'DocumentTemplateDetailScreen'
    | 'InvoiceDetailScreen'
    | 'InvoiceTemplateDetailScreen',
) => lazy(() => import('./screens/document-detail.screen').then((m) => ({ default: m[name] })));

const DocumentPartnerScreen = lazy(() =>
  import('./screens/document-partner.screen').then((m) => ({ default: m.DocumentPartnerScreen })),
);

export const documentsScreens: ScreenEntry[] = [
  { path: '/document_partner/:documentId', Screen: DocumentPartnerScreen },
  { path: '/quotation_overview', Screen: overview('QuotationOverviewScreen') },
  { path: '/confirmation_overview', Screen: overview('ConfirmationOverviewScreen') },
  { path: '/document_overview', Screen: overview('DocumentOverviewScreen') },
  { path: '/quotation_detail/:quotationId', Screen: detail('QuotationDetailScreen') },
  { path: '/confirmation_detail/:confirmationId', Screen: detail('ConfirmationDetailScreen') },
  { path: '/document_detail/:documentId', Screen: detail('DocumentDetailScreen') },
  { path: '/quotationtemplate_detail/:quotationtemplateId', Screen: detail('QuotationTemplateDetailScreen') },
  {
    path: '/confirmationtemplate_detail/:confirmationtemplateId',
    Screen: detail('ConfirmationTemplateDetailScreen'),
  },
  { path: '/documenttemplate_detail/:documenttemplateId', Screen: detail('DocumentTemplateDetailScreen') },
  { path: '/invoice_overview', Screen: overview('InvoiceOverviewScreen') },
  { path: '/invoice_detail/:invoiceId', Screen: detail('InvoiceDetailScreen') },
  { path: '/invoicetemplate_detail/:invoicetemplateId', Screen: detail('InvoiceTemplateDetailScreen') },
];
