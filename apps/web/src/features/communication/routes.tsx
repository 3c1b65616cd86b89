import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const CommunicatorScreen = lazy(() =>
  import('./screens/communicator.screen').then((m) => ({ default: m.CommunicatorScreen })),
);
const NotificationOverviewScreen = lazy(() =>
  import('./screens/notification-overview.screen').then((m) => ({ default: m.NotificationOverviewScreen })),
);

export const communicationScreens: ScreenEntry[] = [
  { path: '/communicator', Screen: CommunicatorScreen },
  { path: '/notification_overview', Screen: NotificationOverviewScreen },
];
