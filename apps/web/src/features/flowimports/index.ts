export { flowImportsScreens } from './routes';
