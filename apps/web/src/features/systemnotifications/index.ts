export { systemNotificationsScreens } from './routes';
