import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const PartnerOverviewScreen = lazy(() =>
  import('./screens/partner-overview.screen').then((m) => ({ default: m.PartnerOverviewScreen })),
);
const PartnerDetailScreen = lazy(() =>
  import('./screens/partner-detail.screen').then((m) => ({ default: m.PartnerDetailScreen })),
);
const DashboardPartnerScreen = lazy(() =>
  import('./screens/dashboard-partner.screen').then((m) => ({ default: m.DashboardPartnerScreen })),
);
const FlowPartnerScreen = lazy(() =>
  import('./screens/flow-partner.screen').then((m) => ({ default: m.FlowPartnerScreen })),
);

export const partnersScreens: ScreenEntry[] = [
  { path: '/partner_overview', Screen: PartnerOverviewScreen },
  { path: '/partner_detail/:partnerId', Screen: PartnerDetailScreen },
  { path: '/dashboard_partner', Screen: DashboardPartnerScreen },
  { path: '/flow_partner/:flowId', Screen: FlowPartnerScreen },
];
