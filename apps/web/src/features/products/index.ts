export { productsScreens } from './routes';
