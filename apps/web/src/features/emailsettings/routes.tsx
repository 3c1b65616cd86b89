import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const EmailSettingsScreen = lazy(() =>
  import('./screens/email-settings.screen').then((m) => ({ default: m.EmailSettingsScreen })),
);
const MergeTagsScreen = lazy(() =>
  import('./screens/merge-tags.screen').then((m) => ({ default: m.MergeTagsScreen })),
);

export const emailSettingsScreens: ScreenEntry[] = [
  { path: '/account/company_emailsettings', Screen: EmailSettingsScreen },
  { path: '/account/company_mergetags', Screen: MergeTagsScreen },
];
