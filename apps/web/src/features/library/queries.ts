import type {
  ImportLibrarySet,
  LibraryImportResult,
  LibraryItem,
  LibrarySetDetail,
  LibrarySetPage,
  RequestOf,
  zSaveLibraryItem,
  zSaveLibrarySet,
} from '@im/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

const LIBRARY_KEY = ['libraryset'] as const;

export function useLibrarySets(query: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...LIBRARY_KEY, 'page', query, page, pageSize],
    queryFn: ({ signal }) =>
      api.get<LibrarySetPage>('/api/libraryset', {
        query: { offset: (page - 1) * pageSize, limit: pageSize, query: query.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLibrarySet(id: number | null) {
  return useQuery({
    queryKey: [...LIBRARY_KEY, id],
    queryFn: ({ signal }) => api.get<LibrarySetDetail>(`/api/libraryset/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useImportLibrarySet(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportLibrarySet) =>
      api.post<LibraryImportResult>(`/api/libraryset/${id}/import`, body),
    // The company's own lists (products, forms, templates) change.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/** The platform administrator's curation of the shared sets. */
export function useLibraryAdmin() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: LIBRARY_KEY });
  const saveSet = useMutation({
    mutationFn: ({ id, ...body }: RequestOf<typeof zSaveLibrarySet> & { id?: number }) =>
      id
        ? api.patch<LibrarySetDetail>(`/api/libraryset/${id}`, body)
        : api.post<LibrarySetDetail>('/api/libraryset', body),
    onSuccess,
  });
  const deleteSet = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/libraryset/${id}`),
    onSuccess,
  });
  const addItem = useMutation({
    mutationFn: (body: RequestOf<typeof zSaveLibraryItem>) => api.post<LibraryItem>('/api/libraryitem', body),
    onSuccess,
  });
  const deleteItem = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/libraryitem/${id}`),
    onSuccess,
  });
  return { saveSet, deleteSet, addItem, deleteItem };
}
