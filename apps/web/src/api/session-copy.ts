import { type SessionData, zSessionData } from '@im/domain';
import { getToken } from './token';

// The last current-user answer of this token, so the app installed on a phone opens its shell without
// a connection (decision 059). Kept beside the token (the token is in localStorage already, and the
// session data says less than it); dropped with the token at logout and replaced by every fresh answer.
const SESSION_COPY_KEY = 'im.session';

export function keepSessionCopy(token: string, session: SessionData): void {
  try {
    window.localStorage.setItem(SESSION_COPY_KEY, JSON.stringify({ token, session }));
  } catch {
    // A full or blocked storage only costs the offline start.
  }
}

/** The kept session of `token`, or null (another token's copy is never used). */
export function readSessionCopy(token: string): SessionData | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(SESSION_COPY_KEY) ?? 'null') as {
      token?: unknown;
      session?: unknown;
    } | null;
    if (!kept || kept.token !== token) return null;
    const session = zSessionData.safeParse(kept.session);
    return session.success ? session.data : null;
  } catch {
    return null;
  }
}

export function dropSessionCopy(): void {
  try {
    window.localStorage.removeItem(SESSION_COPY_KEY);
  } catch {
    // Nothing kept then either.
  }
}

/** The kept session of the token in use, or null. */
export function readKeptSession(): SessionData | null {
  const token = getToken();
  return token ? readSessionCopy(token) : null;
}
