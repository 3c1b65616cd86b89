// Quickr's API as we assume it (decision 071: no public documentation; one file so a real shape replaces it in
// one place). JSON over HTTPS under QUICKR_API_URL:
//   POST /v1/auth/login {username, password}            -> {access_token, expires_in, account: {name}}
//                                                           401 {error: 'login_failure', message}
//   POST /v1/scans {reference, address}                 -> {id, max_panels, pdok}
//   POST /v1/designs {scan_id, reference} + Idempotency-Key -> design
//   GET  /v1/designs/{id}                               -> design
//   POST /v1/sessions {scan_id, design_id}              -> {url} (a one-time address that opens Quickr logged in)
// A design: {id, nr_of_panels, power_wp, power_per_panel_wp, efficiency, expected_output_kwh, pv_system,
// key_figures, plan_url, direct_url}.
import { ProviderError, type ProviderHttp, providerHttp } from './provider-http';

export interface QuickrAddress {
  street: string;
  number: string;
  addition: string;
  postcode: string;
  city: string;
}

export interface QuickrScan {
  id: string;
  max_panels: number | null;
  pdok: Record<string, unknown> | null;
}

export interface QuickrDesign {
  id: string;
  nr_of_panels: number | null;
  power_wp: number | null;
  power_per_panel_wp: number | null;
  efficiency: number | null;
  expected_output_kwh: number | null;
  pv_system: string | null;
  key_figures: Record<string, unknown> | null;
  plan_url: string | null;
  direct_url: string | null;
}

export interface QuickrSession {
  accessToken: string;
  expiresAt: Date;
  accountName: string;
}

const errorText = (body: unknown): string | null => {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    // login_failure stays in the text: the screen and the routes recognise it (spec 002 section 8).
    if (typeof b.error === 'string' && typeof b.message === 'string') return `${b.error}: ${b.message}`;
    if (typeof b.message === 'string') return b.message;
    if (typeof b.error === 'string') return b.error;
  }
  return null;
};

export const isLoginFailure = (err: unknown) =>
  err instanceof ProviderError && /login_failure/.test(err.message);

/** Logs in with the company's Quickr account; a refused login throws a ProviderError naming login_failure. */
export async function quickrLogin(
  baseUrl: string,
  credentials: { username: string; password: string },
  timeoutMs: number,
): Promise<QuickrSession> {
  const http = providerHttp({ baseUrl, accessToken: '', timeoutMs, errorText });
  try {
    const res = await http.post<{ access_token: string; expires_in?: number; account?: { name?: string } }>(
      '/v1/auth/login',
      credentials,
    );
    return {
      accessToken: res.access_token,
      expiresAt: new Date(Date.now() + (res.expires_in ?? 3600) * 1000),
      accountName: res.account?.name ?? credentials.username,
    };
  } catch (err) {
    // Quickr answers a wrong password with 401; that is a refusal here, not an expired token.
    if (err instanceof ProviderError && err.status === 401)
      throw new ProviderError(
        'refused',
        err.message.includes('login_failure') ? err.message : `login_failure: ${err.message}`,
        401,
      );
    throw err;
  }
}

export function quickrApi(baseUrl: string, accessToken: string, timeoutMs: number) {
  const http = (headers?: Record<string, string>): ProviderHttp =>
    providerHttp({ baseUrl, accessToken, timeoutMs, errorText, headers });
  return {
    scan: (reference: string, address: QuickrAddress) =>
      http().post<QuickrScan>('/v1/scans', { reference, address }),
    createDesign: (scanId: string, reference: string, idempotencyKey: string) =>
      http({ 'idempotency-key': idempotencyKey }).post<QuickrDesign>('/v1/designs', {
        scan_id: scanId,
        reference,
      }),
    getDesign: (designId: string) => http().get<QuickrDesign>(`/v1/designs/${encodeURIComponent(designId)}`),
    session: (scanId: string | null, designId: string | null) =>
      http().post<{ url: string }>('/v1/sessions', { scan_id: scanId, design_id: designId }),
  };
}
export type QuickrApi = ReturnType<typeof quickrApi>;
