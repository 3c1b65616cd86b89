import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The modules the first screen after a login needs: the app, its shell and the user dashboard. */
const AFTER_LOGIN = [
  'src/app/start.tsx',
  'src/app/shell/app-shell.tsx',
  'src/features/dashboard/screens/dashboard.screen.tsx',
];

/** The id of the JSON list in index.html that main.tsx reads (`preloadAfterLogin`). */
export const AFTER_LOGIN_ID = 'im-after-login';

function closure(bundle: OutputBundle, roots: readonly OutputChunk[]): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') return;
    files.add(file);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const root of roots) visit(root.fileName);
  return files;
}

/**
 * Writes into index.html, as JSON, the script files the first screen after a login needs beyond the login
 * screen's own: the login screen fetches them at low priority while the user types, so that on HTTP/1.1 the
 * login's own request does not queue behind them (main.tsx, docs/decisions/076).
 */
export function afterLoginFiles(): Plugin {
  return {
    name: 'im-after-login-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html') || !ctx.bundle || !ctx.chunk) return html;
        const chunks = Object.values(ctx.bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const roots = AFTER_LOGIN.map((id) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(id));
          if (!chunk) throw new Error(`no chunk for ${id}`);
          return chunk;
        });
        const first = closure(ctx.bundle, [ctx.chunk]);
        const files = [...closure(ctx.bundle, roots)].filter((f) => !first.has(f)).map((f) => `/${f}`);
        return {
          html,
          tags: [
            {
              tag: 'script',
              attrs: { type: 'application/json', id: AFTER_LOGIN_ID },
              children: JSON.stringify(files),
              injectTo: 'body',
            },
          ],
        };
      },
    },
  };
}
