import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts in the built web app's HTML entries: the staff
 * entry's hand-over of customer links and the customer pages' first read, inlined at build time so that
 * neither costs a request on a slow connection (apps/web/build/inline-scripts.ts, docs/decisions/076).
 * Only these scripts run inline; any other stays refused. None without a build.
 */
export function inlineScriptSources(webDistDir: string | undefined): string[] {
  if (!webDistDir || !existsSync(webDistDir)) return [];
  const sources = new Set<string>();
  for (const name of readdirSync(webDistDir)) {
    if (!name.endsWith('.html')) continue;
    const html = readFileSync(path.join(webDistDir, name), 'utf8');
    for (const match of html.matchAll(INLINE_SCRIPT))
      sources.add(
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
      );
  }
  return [...sources].sort();
}
