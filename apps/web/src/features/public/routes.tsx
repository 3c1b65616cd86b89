import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const PrivacyPolicyScreen = lazy(() =>
  import('./screens/privacy-policy.screen').then((m) => ({ default: m.PrivacyPolicyScreen })),
);
const ReleaseNotesScreen = lazy(() =>
  import('./screens/release-notes.screen').then((m) => ({ default: m.ReleaseNotesScreen })),
);

export const publicScreens: ScreenEntry[] = [
  { path: '/privacypolicy', Screen: PrivacyPolicyScreen },
  // Behind login (spec: no module), so it sits in the shell.
  { path: '/releasenotes', Screen: ReleaseNotesScreen },
];
