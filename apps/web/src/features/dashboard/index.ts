export { dashboardLayoutUrl } from './layout-read';
export { dashboardScreens, loadDashboardScreen } from './routes';
