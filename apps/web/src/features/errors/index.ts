export { errorScreens } from './routes';
export { ErrorScreen, NotFoundScreen } from './screens/error.screen';
