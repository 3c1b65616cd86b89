export { searchPossibleProducts } from './queries';
export { productsScreens } from './routes';
