import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const DocumentSettingsScreen = lazy(() =>
  import('./screens/document-settings.screen').then((m) => ({ default: m.DocumentSettingsScreen })),
);
const WidgetTypeOverviewScreen = lazy(() =>
  import('./screens/widgettype-overview.screen').then((m) => ({ default: m.WidgetTypeOverviewScreen })),
);
const WidgetTypeDetailScreen = lazy(() =>
  import('./screens/widgettype-detail.screen').then((m) => ({ default: m.WidgetTypeDetailScreen })),
);

export const documentSettingsScreens: ScreenEntry[] = [
  { path: '/account/company_documentsettings', Screen: DocumentSettingsScreen },
  { path: '/documentwidgettype_overview', Screen: WidgetTypeOverviewScreen },
  { path: '/documentwidgettype_detail/:documentwidgettypeId', Screen: WidgetTypeDetailScreen },
];
