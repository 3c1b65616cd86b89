import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const UserOverviewScreen = lazy(() =>
  import('./screens/user-overview.screen').then((m) => ({ default: m.UserOverviewScreen })),
);
const UserDetailScreen = lazy(() =>
  import('./screens/user-detail.screen').then((m) => ({ default: m.UserDetailScreen })),
);
const UserNewsletterOverviewScreen = lazy(() =>
  import('./screens/user-newsletter-overview.screen').then((m) => ({
    default: m.UserNewsletterOverviewScreen,
  })),
);
const CompanyUsersScreen = lazy(() =>
  import('./screens/company-users.screen').then((m) => ({ default: m.CompanyUsersScreen })),
);

export const usersScreens: ScreenEntry[] = [
  { path: '/user_overview', Screen: UserOverviewScreen },
  { path: '/user_detail/:userId', Screen: UserDetailScreen },
  { path: '/user_newsletter_overview', Screen: UserNewsletterOverviewScreen },
  { path: '/account/company_users', Screen: CompanyUsersScreen },
];
