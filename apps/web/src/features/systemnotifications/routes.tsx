import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const SystemNotificationOverviewScreen = lazy(() =>
  import('./screens/systemnotification-overview.screen').then((m) => ({
    default: m.SystemNotificationOverviewScreen,
  })),
);

export const systemNotificationsScreens: ScreenEntry[] = [
  { path: '/systemnotification_overview', Screen: SystemNotificationOverviewScreen },
];
