import { lazy } from 'react';
import type { ScreenEntry } from '../../app/route-types';

const IncidentOverviewScreen = lazy(() =>
  import('./screens/incident-overview.screen').then((m) => ({ default: m.IncidentOverviewScreen })),
);
const DocumentSettingsScreen = lazy(() =>
  import('./screens/document-settings.screen').then((m) => ({ default: m.DocumentSettingsScreen })),
);

export const incidentScreens: ScreenEntry[] = [
  { path: '/incident_overview', Screen: IncidentOverviewScreen },
  // Only the incident types for now (see the screen's comment).
  { path: '/account/company_documentsettings', Screen: DocumentSettingsScreen },
];
