import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const VerticalOverviewScreen = lazy(() =>
  import('./screens/vertical-overview.screen').then((m) => ({ default: m.VerticalOverviewScreen })),
);
const VerticalDetailScreen = lazy(() =>
  import('./screens/vertical-detail.screen').then((m) => ({ default: m.VerticalDetailScreen })),
);

export const verticalsScreens: ScreenEntry[] = [
  { path: '/vertical_overview', Screen: VerticalOverviewScreen },
  { path: '/vertical_detail/:verticalId', Screen: VerticalDetailScreen },
];
