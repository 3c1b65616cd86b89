import type {
  DocumentKind,
  DocumentMailDraft,
  DocumentRow,
  DocumentType,
  DocumentWidget,
  DocumentWidgetType,
  FileInfo,
  InvoiceReferences,
  Paginated,
  PersistedWidgets,
  RegisterPayment,
  SalesDocument,
  SendDocument,
  UpdateDocument,
  UpdateDocumentWidget,
  zAvailableInvoice,
  zDocumentPreview,
  zPaymentLink,
  zTemplateRef,
} from '@im/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '../../api/client';
import { getToken } from '../../api/token';
import { i18n } from '../../i18n';
import { kindApi } from './kinds';

export type DocumentPreview = z.infer<typeof zDocumentPreview>;
export type TemplateRef = z.infer<typeof zTemplateRef>;
export type AvailableInvoice = z.infer<typeof zAvailableInvoice>;
export type PaymentLink = z.infer<typeof zPaymentLink>;

export const DOCUMENTS_KEY = ['documents'] as const;
const documentKey = (kind: DocumentKind, id: number) => [...DOCUMENTS_KEY, kind, id] as const;
/** Under the document's key, so whatever refreshes the document refreshes what the customer did. */
export const customerActivityKey = (kind: DocumentKind, id: number) =>
  [...documentKey(kind, id), 'customeractivity'] as const;

/** Everything a change can show up in: the document (with its preview and mail draft), lists, flow cards. */
export function refreshDocument(queryClient: QueryClient, kind: DocumentKind, id: number) {
  void queryClient.invalidateQueries({ queryKey: documentKey(kind, id) });
  void queryClient.invalidateQueries({ queryKey: ['table', kindApi(kind)] });
  void queryClient.invalidateQueries({ queryKey: [...DOCUMENTS_KEY, 'flow'] });
}

function refreshLists(queryClient: QueryClient, kind: DocumentKind) {
  void queryClient.invalidateQueries({ queryKey: ['table', kindApi(kind)] });
  void queryClient.invalidateQueries({ queryKey: [...DOCUMENTS_KEY, 'flow'] });
  void queryClient.invalidateQueries({ queryKey: [...DOCUMENTS_KEY, kind, 'templates'] });
}

export function useDocument(kind: DocumentKind, id: number) {
  return useQuery({
    queryKey: documentKey(kind, id),
    queryFn: ({ signal }) => api.get<SalesDocument>(kindApi(kind, id), { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useDocumentPreview(kind: DocumentKind, id: number) {
  return useQuery({
    queryKey: [...documentKey(kind, id), 'preview'],
    queryFn: ({ signal }) => api.get<DocumentPreview>(kindApi(kind, id, 'preview'), { signal }),
  });
}

/**
 * The send dialog's draft, read when the dialog opens and when another mail template is chosen. Its key is
 * outside the document's, so a change of the document elsewhere (its PDF, a save) does not read it again
 * under the user's edits.
 */
export function useMailDraft(kind: DocumentKind, id: number, mailtemplateId: number | null) {
  return useQuery({
    queryKey: ['maildraft', kind, id, mailtemplateId],
    queryFn: ({ signal }) =>
      api.get<DocumentMailDraft>(kindApi(kind, id, 'getforsendingemail'), {
        query: { mailtemplate_id: mailtemplateId },
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useFlowDocuments(kind: DocumentKind, flowId: number, isEnabled = true) {
  return useQuery({
    queryKey: [...DOCUMENTS_KEY, 'flow', kind, flowId],
    queryFn: ({ signal }) =>
      api.get<Paginated<DocumentRow>>(kindApi(kind), {
        query: { flow_id: flowId, limit: 100, sort: '-documentdate' },
        signal,
      }),
    enabled: isEnabled,
  });
}

export function useTemplates(kind: DocumentKind, isEnabled = true) {
  return useQuery({
    queryKey: [...DOCUMENTS_KEY, kind, 'templates'],
    queryFn: ({ signal }) => api.get<TemplateRef[]>(kindApi(kind, undefined, 'indextemplates'), { signal }),
    enabled: isEnabled,
  });
}

export function useDocumentTypes(isEnabled = true) {
  return useQuery({
    queryKey: [...DOCUMENTS_KEY, 'documenttypes'],
    queryFn: ({ signal }) => api.get<DocumentType[]>('/api/documenttype', { signal }),
    enabled: isEnabled,
  });
}

export function useWidgetTypes(isEnabled = true) {
  return useQuery({
    queryKey: [...DOCUMENTS_KEY, 'widgettypes'],
    queryFn: ({ signal }) => api.get<DocumentWidgetType[]>('/api/documentwidgettype', { signal }),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

// Documents ------------------------------------------------------------------------------------------

export function useCreateDocument(kind: DocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { flow_id: number; template_id?: number; document_type_id?: number }) =>
      api.post<SalesDocument>(kindApi(kind), body),
    onSuccess: () => refreshLists(queryClient, kind),
  });
}

export function useUpdateDocument(kind: DocumentKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDocument) => api.patch<SalesDocument>(kindApi(kind, id), body),
    onSuccess: (document) => {
      queryClient.setQueryData(documentKey(kind, id), document);
      refreshDocument(queryClient, kind, id);
    },
  });
}

export function useDeleteDocument(kind: DocumentKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(kindApi(kind, id)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: documentKey(kind, id) });
      refreshLists(queryClient, kind);
    },
  });
}

/** The calls of one document that answer a (new or changed) document: duplicate, send, templates. */
export type DocumentCall =
  | 'duplicate'
  | 'saveastemplate'
  | 'resettotemplate'
  | 'createconfirmationfromquotation'
  | 'createdocumentfromquotation'
  | 'createdocumentfromconfirmation'
  | 'createinvoicefromconfirmation'
  | 'createinvoicefromquotation'
  | 'createcreditinvoice'
  | 'linkpartialinvoice';

export function useDocumentCall(kind: DocumentKind, id: number, call: DocumentCall) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body?: Record<string, unknown> | SendDocument) =>
      api.post<SalesDocument>(kindApi(kind, id, call), body ?? {}),
    onSuccess: (answer) => {
      refreshDocument(queryClient, kind, id);
      refreshLists(queryClient, answer.kind);
    },
  });
}

export function useResetHash(kind: DocumentKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ hash: string }>(kindApi(kind, id, 'resethash')),
    onSuccess: () => refreshDocument(queryClient, kind, id),
  });
}

// Widgets --------------------------------------------------------------------------------------------

export function useWidgetMutations(kind: DocumentKind, documentId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => refreshDocument(queryClient, kind, documentId);
  const add = useMutation({
    mutationFn: (body: { document_widget_type_id: number; after_id?: number }) =>
      api.post<DocumentWidget>('/api/documentwidget', { document_id: documentId, ...body }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: UpdateDocumentWidget & { id: number }) =>
      api.patch<DocumentWidget>(`/api/documentwidget/${id}`, body),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/documentwidget/${id}`),
    onSuccess,
  });
  const duplicate = useMutation({
    mutationFn: (id: number) => api.post<DocumentWidget>(`/api/documentwidget/${id}/duplicate`),
    onSuccess,
  });
  /** A recurring widget becomes one text widget per filled-in form (decision 043; no undo). */
  const persist = useMutation({
    mutationFn: (id: number) => api.post<PersistedWidgets>(`/api/documentwidget/${id}/persist`),
    onSuccess,
  });
  /** Moves a widget to a 1-based position; the list shows the new order at once. */
  const move = useMutation({
    mutationFn: ({ id, order }: { id: number; order: number; ordered: DocumentWidget[] }) =>
      api.patch<DocumentWidget>(`/api/documentwidget/${id}`, { order, update_reason: 'orderOnly' }),
    onMutate: ({ ordered }) => {
      queryClient.setQueryData<SalesDocument>(documentKey(kind, documentId), (current) =>
        current ? { ...current, documentwidgets: ordered } : current,
      );
    },
    onSettled: onSuccess,
  });
  const uploadPicture = useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('document_widget_id', String(id));
      form.append('file', file);
      return api.post<DocumentWidget>('/api/widgetpicture', form);
    },
    onSuccess,
  });
  const removePicture = useMutation({
    mutationFn: (id: number) => api.delete<DocumentWidget>(`/api/widgetpicture/${id}`),
    onSuccess,
  });
  /** The widget gets its own copy of a media library picture (decision 064). */
  const pictureFromMedia = useMutation({
    mutationFn: (input: { id: number; mediafileId: number }) =>
      api.post<DocumentWidget>('/api/widgetpicture/frommediafile', {
        document_widget_id: input.id,
        mediafile_id: input.mediafileId,
      }),
    onSuccess,
  });
  return { add, update, remove, duplicate, persist, move, uploadPicture, removePicture, pictureFromMedia };
}

// Attachments ----------------------------------------------------------------------------------------

export function useAttachmentMutations(kind: DocumentKind, documentId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => refreshDocument(queryClient, kind, documentId);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(`${kind}_id`, String(documentId));
      form.append('file', file);
      return api.post<FileInfo>('/api/attachment', form);
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/attachment/${id}`),
    onSuccess,
  });
  return { upload, remove };
}

// Sending ---------------------------------------------------------------------------------------------

/**
 * POST sendemail. A refusal shows in the send dialog with the server's message, or the raw text of
 * an answer that is no JSON (a mail server's own error), so its own fetch keeps that text.
 */
async function postSendEmail(kind: DocumentKind, id: number, body: SendDocument): Promise<SalesDocument> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(kindApi(kind, id, 'sendemail'), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, i18n.t('api.network'));
  }
  const text = await response.text();
  let payload: unknown = text;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the raw text is the message.
  }
  if (response.ok) return payload as SalesDocument;
  const record = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  const message =
    typeof record.message === 'string' && record.message
      ? record.message
      : typeof payload === 'string' && payload.trim()
        ? payload.trim()
        : i18n.t('api.failed', { status: response.status });
  const errors =
    record.errors && typeof record.errors === 'object'
      ? Object.fromEntries(
          Object.entries(record.errors as Record<string, unknown>).map(([field, messages]) => [
            field,
            Array.isArray(messages) ? messages.map(String) : [String(messages)],
          ]),
        )
      : {};
  throw new ApiError(response.status, message, errors);
}

export function useSendDocument(kind: DocumentKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendDocument) => postSendEmail(kind, id, body),
    onSuccess: (document) => {
      queryClient.setQueryData(documentKey(kind, id), document);
      refreshDocument(queryClient, kind, id);
    },
  });
}

// Invoices (decision 022) ----------------------------------------------------------------------------

/** getAvailableInvoices: the first partial invoices this one may be linked to. */
export function useAvailableInvoices(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: [...documentKey('invoice', id), 'available'],
    queryFn: ({ signal }) =>
      api.get<AvailableInvoice[]>(kindApi('invoice', id, 'getavailableinvoices'), { signal }),
    enabled: isEnabled,
  });
}

/** The customer's reference and purchase order number of a draft invoice (decision 035). */
export function useUpdateInvoiceReferences(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceReferences) =>
      api.patch<SalesDocument>(kindApi('invoice', id, 'references'), body),
    onSuccess: (document) => {
      queryClient.setQueryData(documentKey('invoice', id), document);
      refreshDocument(queryClient, 'invoice', id);
    },
  });
}

export function useRenewPayment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PaymentLink>(kindApi('invoice', id, 'renewpayment')),
    onSuccess: () => refreshDocument(queryClient, 'invoice', id),
  });
}

/** 'Markeren als betaald': a payment with its day and amount; the answer is the invoice with its payments. */
export function useRegisterPayment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterPayment) => api.post<SalesDocument>(kindApi('invoice', id, 'payment'), body),
    onSuccess: (document) => {
      queryClient.setQueryData(documentKey('invoice', id), document);
      refreshDocument(queryClient, 'invoice', id);
      void queryClient.invalidateQueries({ queryKey: ['table', '/api/invoice/overdue'] });
    },
  });
}

export function useDeletePayment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) =>
      api.delete<SalesDocument>(kindApi('invoice', id, `payment/${paymentId}`)),
    onSuccess: (document) => {
      queryClient.setQueryData(documentKey('invoice', id), document);
      refreshDocument(queryClient, 'invoice', id);
      void queryClient.invalidateQueries({ queryKey: ['table', '/api/invoice/overdue'] });
    },
  });
}
