import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const MediaLibraryScreen = lazy(() =>
  import('./screens/media-library.screen').then((m) => ({ default: m.MediaLibraryScreen })),
);

export const mediaLibraryScreens: ScreenEntry[] = [
  { path: '/account/company_medialibrary', Screen: MediaLibraryScreen },
];
