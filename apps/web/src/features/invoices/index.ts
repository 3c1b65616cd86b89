export { invoicesScreens } from './routes';
