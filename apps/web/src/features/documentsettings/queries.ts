import type {
  DocumentKind,
  DocumentType,
  DocumentWidgetType,
  RequestOf,
  SalesDocument,
  SessionData,
  TemplateRef,
  zCreateDocumentTemplate,
  zSaveDocumentType,
  zSaveDocumentWidgetType,
  zUpdateDocumentType,
  zUpdateDocumentWidgetType,
} from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export type { DocumentType, DocumentWidgetType, TemplateRef };
export type CreateTemplateRequest = RequestOf<typeof zCreateDocumentTemplate>;
export type SaveDocumentTypeRequest = RequestOf<typeof zSaveDocumentType>;
export type UpdateDocumentTypeRequest = RequestOf<typeof zUpdateDocumentType>;
export type SaveWidgetTypeRequest = RequestOf<typeof zSaveDocumentWidgetType>;
export type UpdateWidgetTypeRequest = RequestOf<typeof zUpdateDocumentWidgetType>;

// The same keys as the documents feature, so a template or type changed there refreshes these lists.
const DOCUMENTS_KEY = ['documents'] as const;
const templatesKey = (kind: DocumentKind) => [...DOCUMENTS_KEY, kind, 'templates'] as const;
const DOCUMENT_TYPES_KEY = [...DOCUMENTS_KEY, 'documenttypes'] as const;
const WIDGET_TYPES_KEY = [...DOCUMENTS_KEY, 'widgettypes'] as const;

/** The module a kind's templates need (docs/api/documents.md), by its session flag. */
const KIND_FLAG = {
  quotation: 'hasModuleQuotation',
  confirmation: 'hasModuleConfirmation',
  document: 'hasModuleProject',
  invoice: 'hasModuleInvoice',
} as const satisfies Record<DocumentKind, keyof SessionData>;

export const hasTemplateModule = (session: SessionData, kind: DocumentKind) =>
  session[KIND_FLAG[kind]] === true;

export const widgetTypePath = (id: number) => `/documentwidgettype_detail/${id}`;

export const templateDetailPath = (kind: DocumentKind, id: number) => `/${kind}template_detail/${id}`;

export function useTemplates(kind: DocumentKind, isEnabled = true) {
  return useQuery({
    queryKey: templatesKey(kind),
    queryFn: ({ signal }) => api.get<TemplateRef[]>(`/api/${kind}/indextemplates`, { signal }),
    enabled: isEnabled,
  });
}

export function useCreateTemplate(kind: DocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTemplateRequest) => api.post<SalesDocument>(`/api/${kind}/createtemplate`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesKey(kind) }),
  });
}

export function useDeleteTemplate(kind: DocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/${kind}/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...DOCUMENTS_KEY, kind, id] });
      void queryClient.invalidateQueries({ queryKey: templatesKey(kind) });
    },
  });
}

export function useDocumentTypes() {
  return useQuery({
    queryKey: DOCUMENT_TYPES_KEY,
    queryFn: ({ signal }) => api.get<DocumentType[]>('/api/documenttype', { signal }),
  });
}

export function useSaveDocumentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateDocumentTypeRequest & { id?: number }) =>
      id
        ? api.patch<DocumentType>(`/api/documenttype/${id}`, body)
        : api.post<DocumentType>('/api/documenttype', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DOCUMENT_TYPES_KEY }),
  });
}

export function useDeleteDocumentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/documenttype/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DOCUMENT_TYPES_KEY }),
  });
}

/** Every widget type, also inactive and not yet available ones (platform administration). */
export function useAllWidgetTypes() {
  return useQuery({
    queryKey: [...WIDGET_TYPES_KEY, 'all'],
    queryFn: ({ signal }) =>
      api.get<DocumentWidgetType[]>('/api/documentwidgettype', { query: { all: 1 }, signal }),
  });
}

export function useWidgetType(id: number) {
  return useQuery({
    queryKey: [...WIDGET_TYPES_KEY, 'one', id],
    queryFn: ({ signal }) => api.get<DocumentWidgetType>(`/api/documentwidgettype/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useStoreWidgetType() {
  const queryClient = useQueryClient();
  return (type: DocumentWidgetType) => {
    queryClient.setQueryData([...WIDGET_TYPES_KEY, 'one', type.id], type);
    void queryClient.invalidateQueries({
      queryKey: WIDGET_TYPES_KEY,
      predicate: (query) => query.queryKey[2] !== 'one',
    });
  };
}

export function useCreateWidgetType() {
  const store = useStoreWidgetType();
  return useMutation({
    mutationFn: (body: SaveWidgetTypeRequest) =>
      api.post<DocumentWidgetType>('/api/documentwidgettype', body),
    onSuccess: store,
  });
}

export function useUpdateWidgetType(id: number) {
  const store = useStoreWidgetType();
  return useMutation({
    mutationFn: (body: UpdateWidgetTypeRequest) =>
      api.patch<DocumentWidgetType>(`/api/documentwidgettype/${id}`, body),
    onSuccess: store,
  });
}

export function useDeleteWidgetType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/documentwidgettype/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...WIDGET_TYPES_KEY, 'one', id] });
      void queryClient.invalidateQueries({ queryKey: WIDGET_TYPES_KEY });
    },
  });
}
