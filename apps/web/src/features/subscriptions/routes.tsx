import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const SubscriptionOverviewScreen = lazy(() =>
  import('./screens/subscription-overview.screen').then((m) => ({ default: m.SubscriptionOverviewScreen })),
);
const SubscriptionTypeOverviewScreen = lazy(() =>
  import('./screens/subscriptiontype-overview.screen').then((m) => ({
    default: m.SubscriptionTypeOverviewScreen,
  })),
);
const SubscriptionTypeDetailScreen = lazy(() =>
  import('./screens/subscriptiontype-detail.screen').then((m) => ({
    default: m.SubscriptionTypeDetailScreen,
  })),
);

export const subscriptionsScreens: ScreenEntry[] = [
  { path: '/subscription_overview', Screen: SubscriptionOverviewScreen },
  { path: '/subscriptiontype_overview', Screen: SubscriptionTypeOverviewScreen },
  { path: '/subscriptiontype_detail/:subscriptiontypeId', Screen: SubscriptionTypeDetailScreen },
];
