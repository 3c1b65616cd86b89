import type { AuthAnswer } from '../../features/auth';
import { loginNl } from '../../features/auth/i18n';

/** A refused login: the server's message, and its messages per field (422). */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function firstFieldMessages(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!value || typeof value !== 'object') return fields;
  for (const [field, messages] of Object.entries(value)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' || typeof first === 'number') fields[field] = String(first);
  }
  return fields;
}

/**
 * POST /api/authenticate as the app's api client sends it (api/client.ts), without the client and its
 * catalogue: the same headers and body, the server's message or the same fallback texts on failure.
 */
export async function requestLogin(email: string, password: string): Promise<AuthAnswer> {
  let response: Response;
  try {
    response = await fetch('/api/authenticate', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  } catch {
    throw new LoginError(loginNl.api.network);
  }
  const payload = await readBody(response);
  if (!response.ok) {
    const record = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    const message =
      typeof record.message === 'string' && record.message
        ? record.message
        : loginNl.api.failed.replace('{{status}}', String(response.status));
    throw new LoginError(message, firstFieldMessages(record.errors));
  }
  return payload as AuthAnswer;
}
