import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const PartnerProjectDetailScreen = lazy(() =>
  import('./screens/partnerproject-detail.screen').then((m) => ({ default: m.PartnerProjectDetailScreen })),
);
const PartnerProjectLogItemsScreen = lazy(() =>
  import('./screens/partnerproject-logitems.screen').then((m) => ({
    default: m.PartnerProjectLogItemsScreen,
  })),
);

export const partnerProjectsScreens: ScreenEntry[] = [
  { path: '/partnerproject_detail/:partnerProjectId', Screen: PartnerProjectDetailScreen },
  { path: '/partnerproject_logitems/:partnerProjectId', Screen: PartnerProjectLogItemsScreen },
];
