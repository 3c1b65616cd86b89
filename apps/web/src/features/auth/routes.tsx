import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const LoginScreen = lazy(() => import('./screens/login.screen').then((m) => ({ default: m.LoginScreen })));
const RegisterScreen = lazy(() =>
  import('./screens/register.screen').then((m) => ({ default: m.RegisterScreen })),
);
const LostPasswordScreen = lazy(() =>
  import('./screens/lost-password.screen').then((m) => ({ default: m.LostPasswordScreen })),
);
const ResetPasswordScreen = lazy(() =>
  import('./screens/reset-password.screen').then((m) => ({ default: m.ResetPasswordScreen })),
);

export const authScreens: ScreenEntry[] = [
  { path: '/login', Screen: LoginScreen, layout: 'auth' },
  { path: '/register', Screen: RegisterScreen, layout: 'auth' },
  { path: '/lostpassword', Screen: LostPasswordScreen, layout: 'auth' },
  { path: '/resetpassword/:token', Screen: ResetPasswordScreen, layout: 'auth' },
];
