export { accountScreens } from './routes';
