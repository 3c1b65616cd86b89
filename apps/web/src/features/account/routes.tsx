import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const UserProfileScreen = lazy(() =>
  import('./screens/user-profile.screen').then((m) => ({ default: m.UserProfileScreen })),
);

export const accountScreens: ScreenEntry[] = [{ path: '/account/user_profile', Screen: UserProfileScreen }];
