import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const ModuleOverviewScreen = lazy(() =>
  import('./screens/module-overview.screen').then((m) => ({ default: m.ModuleOverviewScreen })),
);
const CompanyModulesScreen = lazy(() =>
  import('./screens/company-modules.screen').then((m) => ({ default: m.CompanyModulesScreen })),
);

export const modulesScreens: ScreenEntry[] = [
  { path: '/module_overview', Screen: ModuleOverviewScreen },
  { path: '/account/company_modules', Screen: CompanyModulesScreen },
];
