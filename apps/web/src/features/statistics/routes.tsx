import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

// Each screen brings the charts (@mantine/charts, recharts) with it: nothing of them loads before.
const CompanyStatisticsScreen = lazy(() =>
  import('./screens/company-statistics.screen').then((m) => ({ default: m.CompanyStatisticsScreen })),
);
const LeadStatisticsScreen = lazy(() =>
  import('./screens/lead-statistics.screen').then((m) => ({ default: m.LeadStatisticsScreen })),
);
const RealtimeStatisticsScreen = lazy(() =>
  import('./screens/realtime-statistics.screen').then((m) => ({ default: m.RealtimeStatisticsScreen })),
);
const BragscreenScreen = lazy(() =>
  import('./screens/bragscreen.screen').then((m) => ({ default: m.BragscreenScreen })),
);

export const statisticsScreens: ScreenEntry[] = [
  { path: '/account/company_statistics', Screen: CompanyStatisticsScreen },
  { path: '/account/company_lead_statistics', Screen: LeadStatisticsScreen },
  { path: '/account/company_realtime_statistics', Screen: RealtimeStatisticsScreen },
  // A wall screen: no menu or top bar around it.
  { path: '/bragscreen', Screen: BragscreenScreen, layout: 'bare' },
];
