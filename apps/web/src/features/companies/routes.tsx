import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const CompanyOverviewScreen = lazy(() =>
  import('./screens/company-overview.screen').then((m) => ({ default: m.CompanyOverviewScreen })),
);
const CompanyTrashcanScreen = lazy(() =>
  import('./screens/company-trashcan.screen').then((m) => ({ default: m.CompanyTrashcanScreen })),
);
const CompanyDetailScreen = lazy(() =>
  import('./screens/company-detail.screen').then((m) => ({ default: m.CompanyDetailScreen })),
);
const CompanyDeleteScreen = lazy(() =>
  import('./screens/company-delete.screen').then((m) => ({ default: m.CompanyDeleteScreen })),
);

export const companiesScreens: ScreenEntry[] = [
  { path: '/company_overview', Screen: CompanyOverviewScreen },
  { path: '/company_trashcan', Screen: CompanyTrashcanScreen },
  { path: '/company_detail/:companyId', Screen: CompanyDetailScreen },
  { path: '/company_delete/:companyId/:type', Screen: CompanyDeleteScreen },
];
