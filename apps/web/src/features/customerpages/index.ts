export { customerPagesScreens } from './routes';
