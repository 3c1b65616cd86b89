import type { ScreenEntry } from '../../api/route-types';
import { ErrorScreen } from './screens/error.screen';

const Unauthorized = () => <ErrorScreen code="401" />;
const Forbidden = () => <ErrorScreen code="403" />;
const NotFound = () => <ErrorScreen code="404" />;
const ServerError = () => <ErrorScreen code="500" />;
const Unavailable = () => <ErrorScreen code="503" />;

// Not lazy: the 404 page also stands in for every route whose screen is not built yet.
export const errorScreens: ScreenEntry[] = [
  { path: '/401', Screen: Unauthorized },
  { path: '/403', Screen: Forbidden },
  { path: '/404', Screen: NotFound },
  { path: '/500', Screen: ServerError },
  { path: '/503', Screen: Unavailable },
];
