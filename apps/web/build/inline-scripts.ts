import path from 'node:path';
import { build } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

const SRC = path.resolve(import.meta.dirname, '../src');
const REDIRECT_TAG = '<script src="/customer-redirect.js"></script>';

/** A source file and what it imports as one minified classic script. */
async function classicScript(file: string): Promise<string> {
  const bundle = await build({
    input: path.join(SRC, file),
    write: false,
    output: { format: 'iife', minify: true },
  });
  return bundle.output[0].code.trim();
}

/**
 * The two scripts that must run before anything else loads, inlined into their HTML (no request of their
 * own on a slow connection): the staff entry's hand-over of customer links (`src/customer-redirect.js`,
 * in place of its script tag) and, in customer.html, the start of the page's first read
 * (`src/customer/early.ts`). The server allows exactly these by their hashes in its CSP
 * (apps/server/src/platform/http/inline-scripts.ts, docs/decisions/076).
 */
export function inlineScripts(): Plugin {
  return {
    name: 'im-inline-scripts',
    transformIndexHtml: {
      order: 'pre',
      async handler(html, ctx) {
        const name = path.basename(ctx.filename);
        if (name === 'index.html') {
          if (!html.includes(REDIRECT_TAG)) throw new Error(`index.html lost ${REDIRECT_TAG}`);
          const redirect = await classicScript('customer-redirect.js');
          return html.replace(REDIRECT_TAG, () => `<script>${redirect}</script>`);
        }
        if (name === 'customer.html') {
          const tag: HtmlTagDescriptor = {
            tag: 'script',
            children: await classicScript('customer/early.ts'),
            injectTo: 'head',
          };
          return { html, tags: [tag] };
        }
        return html;
      },
    },
  };
}
