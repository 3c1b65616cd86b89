export { dashboardScreens } from './routes';
