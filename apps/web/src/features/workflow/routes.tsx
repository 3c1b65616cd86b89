import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const RulesScreen = lazy(() => import('./screens/rules.screen').then((m) => ({ default: m.RulesScreen })));
const TriggerOverviewScreen = lazy(() =>
  import('./screens/trigger-overview.screen').then((m) => ({ default: m.TriggerOverviewScreen })),
);
const TriggerDetailScreen = lazy(() =>
  import('./screens/trigger-detail.screen').then((m) => ({ default: m.TriggerDetailScreen })),
);

export const workflowScreens: ScreenEntry[] = [
  { path: '/account/company_eventtriggerrules', Screen: RulesScreen },
  { path: '/eventtrigger_overview', Screen: TriggerOverviewScreen },
  { path: '/eventtrigger_detail/:eventtriggerId', Screen: TriggerDetailScreen },
];
