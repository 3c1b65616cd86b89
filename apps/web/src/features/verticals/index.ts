export { verticalsScreens } from './routes';
