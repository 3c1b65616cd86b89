import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

/** The user dashboard's code: the first screen after most logins, fetched ahead by app/start.tsx. */
export const loadDashboardScreen = () => import('./screens/dashboard.screen');

const DashboardScreen = lazy(() => loadDashboardScreen().then((m) => ({ default: m.DashboardScreen })));
const DashboardAdminScreen = lazy(() =>
  import('./screens/dashboard-admin.screen').then((m) => ({ default: m.DashboardAdminScreen })),
);

// The guard sends every user to the dashboard of their altDashboard (spec 000 section 4), so each
// of those routes shows the minimal dashboard until the full dashboards are built. The partner
// dashboard is the partners feature's.
const USER_DASHBOARDS = [
  '/dashboard',
  '/dashboardv1',
  '/dashboard2',
  '/dashboardv2',
  '/dashboard_sales',
  '/dashboard_project',
];

export const dashboardScreens: ScreenEntry[] = [
  ...USER_DASHBOARDS.map((path) => ({ path, Screen: DashboardScreen })),
  { path: '/dashboardadmin', Screen: DashboardAdminScreen },
];
