import type { PossibleProduct } from '@im/domain';
import { api } from './client';

// The product typeahead of calculations (getpossibleproducts: approved, live), kept below the features
// so the products screens can show calculations without the calculations feature importing them back.
export function searchPossibleProducts(query: string, signal: AbortSignal) {
  return api.get<PossibleProduct[]>('/api/company/getpossibleproducts', {
    query: { query, limit: 10 },
    signal,
  });
}
