import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const OverdueInvoiceOverviewScreen = lazy(() =>
  import('./screens/overdue-invoice-overview.screen').then((m) => ({
    default: m.OverdueInvoiceOverviewScreen,
  })),
);
const QuarterlyInvoiceOverviewScreen = lazy(() =>
  import('./screens/quarterly-invoice-overview.screen').then((m) => ({
    default: m.QuarterlyInvoiceOverviewScreen,
  })),
);

export const invoicesScreens: ScreenEntry[] = [
  { path: '/overdueinvoice_overview.html', Screen: OverdueInvoiceOverviewScreen },
  { path: '/invoice_overview_quarterly', Screen: QuarterlyInvoiceOverviewScreen },
];
