import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const FlowOverviewScreen = lazy(() =>
  import('./screens/flow-overview.screen').then((m) => ({ default: m.FlowOverviewScreen })),
);
const FlowDetailScreen = lazy(() =>
  import('./screens/flow-detail.screen').then((m) => ({ default: m.FlowDetailScreen })),
);

export const flowsScreens: ScreenEntry[] = [
  { path: '/flow_overview', Screen: FlowOverviewScreen },
  { path: '/flow_detail/:flowId', Screen: FlowDetailScreen },
];
