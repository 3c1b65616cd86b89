import type {
  BatchStarted,
  BulkImportStarted,
  FlowImportMapping,
  FlowImportPage,
  FlowImportPreview,
  FlowImportSummary,
  RequestOf,
  zBulkImport,
} from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export const FLOW_IMPORT_KEY = ['flowimport'] as const;
export type BulkImportRequest = RequestOf<typeof zBulkImport>;

export function useLoadImportFile() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('importExcel', file);
      return api.post<FlowImportPreview>('/api/flow/loadimportfile', form);
    },
  });
}

/** loadexternalfile: an image or PDF attached to every flow of the next import (decision 066). */
export function useLoadExternalFile() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<{ externalFilename: string; externalFilepath: string }>(
        '/api/flow/loadexternalfile',
        form,
      );
    },
  });
}

export function usePreviewImportFile() {
  return useMutation({
    mutationFn: (body: { file: string; mapping: FlowImportMapping }) =>
      api.post<FlowImportPreview>('/api/flow/previewimportfile', body),
  });
}

export function useBulkImport() {
  return useMutation({
    mutationFn: (body: BulkImportRequest) => api.post<BulkImportStarted>('/api/flow/bulkimport', body),
  });
}

export function useUndoImport() {
  return useMutation({
    mutationFn: (id: number) => api.post<BatchStarted>(`/api/flowimport/${id}/undo`),
  });
}

export function useFlowImport(id: number | null) {
  return useQuery({
    queryKey: [...FLOW_IMPORT_KEY, id],
    queryFn: ({ signal }) => api.get<FlowImportSummary>(`/api/flowimport/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useFlowImports(offset: number, limit: number) {
  return useQuery({
    queryKey: [...FLOW_IMPORT_KEY, 'list', offset, limit],
    queryFn: ({ signal }) => api.get<FlowImportPage>('/api/flowimport', { signal, query: { offset, limit } }),
  });
}

export function usePartnerChoices() {
  return useQuery({
    queryKey: ['partner', 'names'],
    queryFn: ({ signal }) => api.get<{ id: number; name: string }[]>('/api/partner/names', { signal }),
  });
}

/** After an import or its undo: every list that may show its flows and relations reads again. */
export function useRefreshAfterImport() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: FLOW_IMPORT_KEY });
    void client.invalidateQueries({ queryKey: ['table'] });
    void client.invalidateQueries({ queryKey: ['flow'] });
    void client.invalidateQueries({ queryKey: ['relation'] });
  };
}
