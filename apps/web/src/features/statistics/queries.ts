import {
  BRAGSCREEN_REFRESH_MS,
  type CompanyStatistics,
  type CompanyStatisticsParams,
  type ImStatistics,
  type LeadStatistics,
  type LeadStatisticsParams,
  type StatisticsExportType,
} from '@im/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';

const STATISTICS = ['statistics'] as const;
/** Decision 058: the real-time screen reads again every 30 seconds. */
export const REALTIME_REFRESH_MS = 30_000;

export function useLeadStatistics(query: LeadStatisticsParams, options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: [...STATISTICS, 'leads', query],
    queryFn: ({ signal }) =>
      api.get<LeadStatistics>('/api/company/getleadstatistics', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
  });
}

export function useCompanyStatistics(query: CompanyStatisticsParams) {
  return useQuery({
    queryKey: [...STATISTICS, 'company', query],
    queryFn: ({ signal }) =>
      api.get<CompanyStatistics>('/api/company/getcompanystatistics', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useImStatistics() {
  return useQuery({
    queryKey: [...STATISTICS, 'platform'],
    queryFn: ({ signal }) => api.post<ImStatistics>('/api/company/getimstatistics', undefined, { signal }),
    refetchInterval: BRAGSCREEN_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}

/** exportstatistics: the browser saves the file under the name the server gives (Content-Disposition). */
export function exportStatistics(
  companyId: number,
  exporttype: StatisticsExportType,
  dateFrom?: string,
): Promise<void> {
  const from = dateFrom ? `&date_from=${dateFrom}` : '';
  return downloadFile(
    `/api/company/${companyId}/exportstatistics?exporttype=${exporttype}${from}`,
    `statistieken.${exporttype}`,
    'POST',
  );
}
