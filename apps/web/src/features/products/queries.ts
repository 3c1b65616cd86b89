import type {
  Product,
  ProductTableRow,
  RequestOf,
  zCreateProduct,
  zCreateProductTableRow,
  zUpdateProduct,
  zUpdateProductTableRow,
} from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export const PRODUCT_KEY = ['product'] as const;
export const PRODUCT_TABLE_PATH = '/api/product';

export function useProduct(id: number) {
  return useQuery({
    queryKey: [...PRODUCT_KEY, id],
    queryFn: ({ signal }) => api.get<Product>(`/api/product/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useRefreshProducts() {
  const queryClient = useQueryClient();
  return (product?: Product) => {
    if (product) queryClient.setQueryData([...PRODUCT_KEY, product.id], product);
    void queryClient.invalidateQueries({ queryKey: ['table', PRODUCT_TABLE_PATH] });
    void queryClient.invalidateQueries({ queryKey: ['typeahead', 'product'] });
  };
}

export function useCreateProduct() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zCreateProduct>) => api.post<Product>('/api/product', body),
    onSuccess: (product) => refresh(product),
  });
}

export function useUpdateProduct(id: number) {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zUpdateProduct>) => api.patch<Product>(`/api/product/${id}`, body),
    onSuccess: (product) => refresh(product),
  });
}

/** approve, restore, clearrows: actions that answer the product. */
export function useProductAction(id: number, action: 'approve' | 'restore' | 'clearrows') {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: () => api.post<Product>(`/api/product/${id}/${action}`),
    onSuccess: (product) => refresh(product),
  });
}

export function useDeleteProduct() {
  const refresh = useRefreshProducts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/product/${id}`),
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: [...PRODUCT_KEY, id] });
      refresh();
    },
  });
}

function useRefetchProduct(productId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [...PRODUCT_KEY, productId] });
    void queryClient.invalidateQueries({ queryKey: ['table', PRODUCT_TABLE_PATH] });
  };
}

export function useCreateTableRow(productId: number) {
  const refetch = useRefetchProduct(productId);
  return useMutation({
    mutationFn: (body: RequestOf<typeof zCreateProductTableRow>) =>
      api.post<ProductTableRow>('/api/producttablerow', body),
    onSuccess: refetch,
  });
}

/** A price row's cells save by themselves (decision 032); the product is read again after. */
export function useSaveTableRow(productId: number, rowId: number) {
  const refetch = useRefetchProduct(productId);
  return async (body: RequestOf<typeof zUpdateProductTableRow>, options: { keepalive: boolean }) => {
    const row = await api.patch<ProductTableRow>(`/api/producttablerow/${rowId}`, body, options);
    refetch();
    return row;
  };
}

export function useDeleteTableRow(productId: number) {
  const refetch = useRefetchProduct(productId);
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/producttablerow/${id}`),
    onSuccess: refetch,
  });
}
