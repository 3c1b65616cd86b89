import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const IncidentOverviewScreen = lazy(() =>
  import('./screens/incident-overview.screen').then((m) => ({ default: m.IncidentOverviewScreen })),
);

export const incidentScreens: ScreenEntry[] = [
  { path: '/incident_overview', Screen: IncidentOverviewScreen },
];
