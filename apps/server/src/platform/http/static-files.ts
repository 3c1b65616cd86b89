import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed build files never change under their name; everything else (index.html) is checked each visit. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * Serves the built web app: the brotli or gzip file written at build time when the browser takes it
 * (never compressed per request), `assets/*` (content-hashed names) cached for a year, `index.html`
 * revalidated on every visit so a release reaches everyone at once.
 */
export async function registerStaticFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const relative = path.relative(root, filePath).split(path.sep);
      res.setHeader('cache-control', relative[0] === 'assets' ? IMMUTABLE : REVALIDATE);
    },
  });
}
