import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const LibrarySetsScreen = lazy(() =>
  import('./screens/library-sets.screen').then((m) => ({ default: m.LibrarySetsScreen })),
);

export const librarySetsScreens: ScreenEntry[] = [
  { path: '/account/company_library', Screen: LibrarySetsScreen },
];
