// Glbl's API as we assume it (decision 071: no public documentation; one file so a real shape replaces it in
// one place). JSON over HTTPS under GLBL_API_URL, every call with `Authorization: Bearer <API key>`:
//   GET  /v1/account                                  -> {name}            (401: the key is refused)
//   POST /v1/reports {reference, address, design} + Idempotency-Key -> 202 {id, status}
//   GET  /v1/reports/{id}                             -> {id, status: 'processing' | 'ready' | 'failed', message?}
//   GET  /v1/reports/{id}/pdf                         -> application/pdf
// Glbl makes the report in its own time; we poll (status) and fetch the PDF once it is ready.
import { ProviderError, providerHttp } from './provider-http';

export interface GlblReport {
  id: string;
  status: 'processing' | 'ready' | 'failed';
  message?: string | null;
}

export interface GlblReportRequest {
  reference: string;
  address: Record<string, string>;
  design: Record<string, unknown>;
}

/** The largest PDF we take from Glbl. */
const MAX_PDF_BYTES = 30 * 1024 * 1024;

export function glblApi(baseUrl: string, apiKey: string, timeoutMs: number) {
  const http = (headers?: Record<string, string>) =>
    providerHttp({ baseUrl, accessToken: apiKey, timeoutMs, headers });
  return {
    account: () => http().get<{ name?: string }>('/v1/account'),
    createReport: (body: GlblReportRequest, idempotencyKey: string) =>
      http({ 'idempotency-key': idempotencyKey }).post<GlblReport>('/v1/reports', body),
    report: (id: string) => http().get<GlblReport>(`/v1/reports/${encodeURIComponent(id)}`),
    async pdf(id: string): Promise<Buffer> {
      let res: Response;
      try {
        res = await fetch(`${baseUrl}/v1/reports/${encodeURIComponent(id)}/pdf`, {
          headers: { authorization: `Bearer ${apiKey}`, accept: 'application/pdf' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new ProviderError('unreachable', err instanceof Error ? err.message : String(err));
      }
      if (!res.ok) {
        const kind =
          res.status === 401
            ? 'expired'
            : res.status === 429 || res.status >= 500
              ? 'unreachable'
              : 'refused';
        throw new ProviderError(kind, `HTTP ${res.status}`, res.status);
      }
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.length > MAX_PDF_BYTES || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new ProviderError('refused', 'het rapport is geen PDF', res.status);
      return bytes;
    },
  };
}
export type GlblApi = ReturnType<typeof glblApi>;
