import type {
  InvoiceSettings,
  PaymentReminderLevel,
  TemplateRef,
  UpdateInvoiceSettings,
  zOverdueInvoicePage,
  zOverdueInvoiceRow,
  zPaymentReminderSent,
  zQuarterlyOverview,
} from '@im/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, buildUrl } from '../../api/client';
import { downloadFile } from '../../api/download';

export type { InvoiceSettings, UpdateInvoiceSettings };
export type OverdueInvoicePage = z.infer<typeof zOverdueInvoicePage>;
export type OverdueInvoiceRow = z.infer<typeof zOverdueInvoiceRow>;
export type QuarterlyOverview = z.infer<typeof zQuarterlyOverview>;
export type QuarterlyExportFormat = 'csv' | 'xlsx';

export const INVOICES_KEY = ['invoices'] as const;
export const OVERDUE_PATH = '/api/invoice/overdue';
const QUARTERLY_PATH = '/api/invoice/quarterly';
const SETTINGS_PATH = '/api/company/invoicesettings';
// Beside the other company settings (['company', 'flowsettings']).
export const INVOICE_SETTINGS_KEY = ['company', 'invoicesettings'] as const;

export const invoicePath = (id: number) => `/invoice_detail/${id}`;
export const flowPath = (id: number) => `/flow_detail/${id}`;

/**
 * One page of the sent invoices past their due date, oldest due date first, with what is outstanding
 * over all pages. The key starts like ServerDataTable's (['table', path]), so whatever refreshes a
 * server-paged list by its path refreshes this one too.
 */
export function useOverdueInvoices(page: number, pageSize: number) {
  const request = { offset: (page - 1) * pageSize, limit: pageSize };
  return useQuery({
    queryKey: ['table', OVERDUE_PATH, request],
    queryFn: ({ signal }) => api.get<OverdueInvoicePage>(OVERDUE_PATH, { query: request, signal }),
    placeholderData: keepPreviousData,
  });
}

export type PaymentReminderSent = z.infer<typeof zPaymentReminderSent>;

/** A payment reminder or a formal notice (aanmaning) for an overdue invoice; the overview shows when it went. */
export function useSendPaymentReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, level }: { id: number; level: PaymentReminderLevel }) =>
      api.post<PaymentReminderSent>(`/api/invoice/${id}/sendpaymentreminder`, { level }),
    onSuccess: (_answer, { id }) => {
      void queryClient.invalidateQueries({ queryKey: ['table', OVERDUE_PATH] });
      void queryClient.invalidateQueries({ queryKey: ['documents', 'invoice', id] });
    },
  });
}

export function useQuarterlyOverview(year: number) {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'quarterly', year],
    queryFn: ({ signal }) => api.get<QuarterlyOverview>(QUARTERLY_PATH, { query: { year }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The quarterly overview of a year as a CSV or Excel file (the server names it, header x-filename). */
export function downloadQuarterlyExport(year: number, format: QuarterlyExportFormat): Promise<void> {
  return downloadFile(
    buildUrl(`${QUARTERLY_PATH}/export`, { year, format }),
    `btw-overzicht-${year}.${format}`,
  );
}

/** The company's invoice templates (GET /api/invoice/indextemplates), to choose the standard credit invoice one. */
export function useInvoiceTemplates(isEnabled = true) {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'templates'],
    queryFn: ({ signal }) => api.get<TemplateRef[]>('/api/invoice/indextemplates', { signal }),
    enabled: isEnabled,
  });
}

export function useInvoiceSettings() {
  return useQuery({
    queryKey: INVOICE_SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<InvoiceSettings>(SETTINGS_PATH, { signal }),
  });
}

export function useUpdateInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateInvoiceSettings) => api.patch<InvoiceSettings>(SETTINGS_PATH, changes),
    onSuccess: (settings) => {
      queryClient.setQueryData(INVOICE_SETTINGS_KEY, settings);
      // Invoices show whether an e-invoice or a payment link is available; both follow these details.
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
    },
  });
}
