import { lazy } from 'react';
import type { ScreenEntry } from '../../app/route-types';

const CustomerInvoiceScreen = lazy(() =>
  import('./screens/customer-invoice.screen').then((m) => ({ default: m.CustomerInvoiceScreen })),
);

/** What the installer's customer opens from a link, without logging in (spec 002 section 2). */
export const customerPagesScreens: ScreenEntry[] = [
  // The customer's pages frame themselves as the installer, never in the staff shell.
  { path: '/customer_invoice_detail/:invoiceHash', Screen: CustomerInvoiceScreen, layout: 'bare' },
];
