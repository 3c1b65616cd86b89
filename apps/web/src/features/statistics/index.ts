export { statisticsScreens } from './routes';
