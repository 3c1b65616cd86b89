import { i18n } from '../i18n';
import { ApiError } from './client';
import { getToken } from './token';

/** Downloads a binary answer with the user's token and hands it to the browser as a file. */
export async function downloadFile(
  path: string,
  fallbackName: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<void> {
  const token = getToken();
  const response = await fetch(path, { method, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    let message = i18n.t('api.failed', { status: response.status });
    try {
      const body = (await response.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // Not JSON: keep the generic text.
    }
    throw new ApiError(response.status, message);
  }
  const name =
    dispositionFilename(response.headers.get('content-disposition')) ??
    headerFilename(response.headers.get('x-filename')) ??
    fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The server sends `x-filename` percent-encoded (a name may hold spaces and accents). */
function headerFilename(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The name in Content-Disposition: `filename*=UTF-8''…` when given, else `filename="…"`. */
export function dispositionFilename(value: string | null): string | null {
  if (!value) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(value);
  if (extended) return headerFilename(extended[1]!.trim());
  const plain = /filename="([^"]*)"/i.exec(value) ?? /filename=([^;]+)/i.exec(value);
  return plain ? plain[1]!.trim() : null;
}
