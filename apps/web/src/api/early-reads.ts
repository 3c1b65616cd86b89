// Reads started before the app has loaded (main.tsx, right after a first visit's login): the login screen
// knows the token before the app's files are in, and on slow 4G the first screen's answer can come beside
// them instead of after them (decision 076). The API client takes an answer once, for the same GET with the
// same token, within EARLY_READ_TTL_MS; any later read asks the server.

/** An early answer older than this is not used (the user went elsewhere first). */
export const EARLY_READ_TTL_MS = 30_000;

interface EarlyRead {
  token: string;
  at: number;
  response: Promise<Response>;
}

const reads = new Map<string, EarlyRead>();

/** `url` as the API client writes it (`buildUrl`), read with `token`. */
export function startEarlyRead(url: string, token: string): void {
  const response = fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // A failure is the screen's to show when it takes the answer; none is unhandled meanwhile.
  response.catch(() => undefined);
  reads.set(url, { token, at: Date.now(), response });
}

/** The early answer for a GET of `url` with `token`, once; null when there is none (or it is stale). */
export function takeEarlyRead(url: string, token: string | null): Promise<Response> | null {
  const read = reads.get(url);
  if (!read) return null;
  reads.delete(url);
  if (read.token !== token || Date.now() - read.at > EARLY_READ_TTL_MS) return null;
  return read.response;
}
