import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const ProductOverviewScreen = lazy(() =>
  import('./screens/product-overview.screen').then((m) => ({ default: m.ProductOverviewScreen })),
);
const ProductDetailScreen = lazy(() =>
  import('./screens/product-detail.screen').then((m) => ({ default: m.ProductDetailScreen })),
);

export const productsScreens: ScreenEntry[] = [
  { path: '/product_overview', Screen: ProductOverviewScreen },
  { path: '/product_detail/:productId', Screen: ProductDetailScreen },
];
