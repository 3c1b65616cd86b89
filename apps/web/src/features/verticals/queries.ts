import type {
  RequestOf,
  VerticalDataField,
  VerticalDetail,
  zCreateVertical,
  zCreateVerticalDataField,
  zUpdateVertical,
  zUpdateVerticalDataField,
} from '@im/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { VERTICAL_KEY, verticalKey } from '../../api/verticals';

export const VERTICAL_TABLE_PATH = '/api/vertical/querypaginated';

type Message = { message: string };

/** A change to a form shows in its detail, the overview and the form pickers elsewhere. */
function refreshVerticals(queryClient: QueryClient, detail?: VerticalDetail) {
  if (detail) queryClient.setQueryData(verticalKey(detail.id), detail);
  void queryClient.invalidateQueries({ queryKey: VERTICAL_KEY });
  void queryClient.invalidateQueries({ queryKey: ['table', VERTICAL_TABLE_PATH] });
}

export function useCreateVertical() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zCreateVertical>) => api.post<VerticalDetail>('/api/vertical', body),
    onSuccess: (detail) => refreshVerticals(queryClient, detail),
  });
}

export function useUpdateVertical(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zUpdateVertical>) =>
      api.patch<VerticalDetail>(`/api/vertical/${id}`, body),
    onSuccess: (detail) => refreshVerticals(queryClient, detail),
  });
}

/** Archive (DELETE only archives), restore and duplicate: the actions of the overview and the detail. */
export function useVerticalActions() {
  const queryClient = useQueryClient();
  const refresh = () => refreshVerticals(queryClient);
  return {
    archive: useMutation({
      mutationFn: (id: number) => api.delete<Message>(`/api/vertical/${id}`),
      onSuccess: refresh,
    }),
    restore: useMutation({
      mutationFn: (id: number) => api.post<VerticalDetail>(`/api/vertical/${id}/restore`),
      onSuccess: (detail) => refreshVerticals(queryClient, detail),
    }),
    duplicate: useMutation({
      mutationFn: (id: number) => api.post<VerticalDetail>(`/api/vertical/${id}/duplicate`),
      onSuccess: (detail) => refreshVerticals(queryClient, detail),
    }),
  };
}

export type FieldUpdate = RequestOf<typeof zUpdateVerticalDataField> & { id: number };

/** The data fields of one form: add, change, delete, duplicate, and move (shown at once). */
export function useFieldMutations(verticalId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: verticalKey(verticalId) });
    void queryClient.invalidateQueries({ queryKey: ['table', VERTICAL_TABLE_PATH] });
  };
  return {
    create: useMutation({
      mutationFn: (body: RequestOf<typeof zCreateVerticalDataField>) =>
        api.post<VerticalDataField>('/api/verticaldatafield', body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: FieldUpdate) =>
        api.patch<VerticalDataField>(`/api/verticaldatafield/${id}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<Message>(`/api/verticaldatafield/${id}`),
      onSuccess: refresh,
    }),
    duplicate: useMutation({
      mutationFn: (id: number) => api.post<VerticalDataField>(`/api/verticaldatafield/${id}/duplicate`),
      onSuccess: refresh,
    }),
    /** Moves a field to a 1-based position (spec 002 section 7: update_reason orderOnly). */
    move: useMutation({
      mutationFn: ({ id, order }: { id: number; order: number; ordered: VerticalDataField[] }) =>
        api.patch<VerticalDataField>(`/api/verticaldatafield/${id}`, { order, update_reason: 'orderOnly' }),
      onMutate: ({ ordered }) => {
        queryClient.setQueryData<VerticalDetail>(verticalKey(verticalId), (current) =>
          current
            ? { ...current, verticaldatafields: ordered.map((f, i) => ({ ...f, order: i + 1 })) }
            : current,
        );
      },
      onSettled: refresh,
    }),
  };
}
