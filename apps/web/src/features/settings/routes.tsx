import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const CompanyProfileScreen = lazy(() =>
  import('./screens/company-profile.screen').then((m) => ({ default: m.CompanyProfileScreen })),
);
const FlowSettingsScreen = lazy(() =>
  import('./screens/flow-settings.screen').then((m) => ({ default: m.FlowSettingsScreen })),
);
const FlowProfileDetailScreen = lazy(() =>
  import('./screens/flow-profile-detail.screen').then((m) => ({ default: m.FlowProfileDetailScreen })),
);

export const settingsScreens: ScreenEntry[] = [
  { path: '/account/company_profile', Screen: CompanyProfileScreen },
  { path: '/account/company_flowprofiles', Screen: FlowSettingsScreen },
  { path: '/account/company_flowprofiles/:flowProfileId', Screen: FlowProfileDetailScreen },
];
