import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const OrganizationOverviewScreen = lazy(() =>
  import('./screens/organization-overview.screen').then((m) => ({ default: m.OrganizationOverviewScreen })),
);
const OrganizationDetailScreen = lazy(() =>
  import('./screens/organization-detail.screen').then((m) => ({ default: m.OrganizationDetailScreen })),
);

export const organizationsScreens: ScreenEntry[] = [
  { path: '/organization_overview', Screen: OrganizationOverviewScreen },
  { path: '/organization_detail/:organizationId', Screen: OrganizationDetailScreen },
];
