export { dashboardScreens, loadDashboardScreen } from './routes';
