// How the public endpoint reads a post and answers browsers (decision 026): urlencoded and JSON bodies,
// CORS for the website's own origin, and the redirect of a classic form post.
import { MAX_WEBSITE_BODY_BYTES, type WebsitePosted } from '@im/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** application/x-www-form-urlencoded into fields; a field sent more than once becomes a list. */
export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_WEBSITE_BODY_BYTES },
    (_request, body, done) => {
      // A Map, then own properties: a field named __proto__ stays a field.
      const fields = new Map<string, string | string[]>();
      for (const [key, value] of new URLSearchParams(
        typeof body === 'string' ? body : body.toString('utf8'),
      )) {
        const before = fields.get(key);
        fields.set(key, before === undefined ? value : [...[before].flat(), value]);
      }
      done(null, Object.fromEntries(fields) as WebsitePosted);
    },
  );
}

/** The origin of a website's address, or null when it has none (or it cannot be read). */
export function siteOrigin(siteurl: string): string | null {
  if (!siteurl) return null;
  try {
    return new URL(siteurl).origin;
  } catch {
    return null;
  }
}

/**
 * CORS for the website's own pages: the request's Origin when it is the site's origin, `*` when the
 * website has no address (any page may post); nothing otherwise, so a browser on another site cannot
 * read the answer.
 */
export function setLeadCors(request: FastifyRequest, reply: FastifyReply, siteurl: string): void {
  const origin = request.headers.origin;
  const allowed = siteOrigin(siteurl);
  reply.header('vary', 'Origin');
  if (!siteurl) reply.header('access-control-allow-origin', '*');
  else if (origin && allowed && origin === allowed) reply.header('access-control-allow-origin', origin);
  // The answer is meant to be read by other origins' pages (helmet's default is same-origin).
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/** A same-origin page of the website to return a classic form post to, or null. */
export function redirectTarget(
  request: FastifyRequest,
  siteurl: string,
  value: WebsitePosted[string] | undefined,
): string | null {
  if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
    return null;
  const allowed = siteOrigin(siteurl);
  if (!allowed || typeof value !== 'string' || !value) return null;
  try {
    const target = new URL(value, allowed);
    return target.origin === allowed ? target.href : null;
  } catch {
    return null;
  }
}
