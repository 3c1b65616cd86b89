// The products feature's public entry: what higher features use (decision 047). Its routes: routes.ts.

export { loadProduct, loadProducts, num, num0, pricingOf } from './product-dto';
export { registerProductJobs } from './product-jobs';
export { clearTableRows, createTableRow, updateTableRow } from './product-table-rows';
export { checkedSplit, createProduct } from './save-product';
