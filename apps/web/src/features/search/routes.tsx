import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const SearchResultsScreen = lazy(() =>
  import('./screens/search-results.screen').then((m) => ({ default: m.SearchResultsScreen })),
);

export const searchScreens: ScreenEntry[] = [{ path: '/search', Screen: SearchResultsScreen }];
