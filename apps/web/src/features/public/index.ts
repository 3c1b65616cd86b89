export { publicScreens } from './routes';
