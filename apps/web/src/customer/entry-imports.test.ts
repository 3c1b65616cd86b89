import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The customer entry (customer.html → src/customer/main.tsx) must carry no staff code: every module
// it reaches, statically or lazily, lies in src/customer, and its packages are few and small. The one
// exception is the shared autosave's store and hook (decision 032/044): plain TypeScript and React,
// no staff client, i18n or Mantine, so the customer's form saves as every staff editor does.

const WEB = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(WEB, 'src');
const SHARED_FILES = ['ui/autosave/autosave-store.ts', 'ui/autosave/use-autosave.ts'];
const ALLOWED_PACKAGES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  '@im/domain',
  'signature_pad',
];

function resolve(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    try {
      if (readFileSync(candidate)) return candidate;
    } catch {
      // next
    }
  }
  throw new Error(`cannot resolve ${spec} from ${from}`);
}

function reach(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (file.endsWith('.css')) return;
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(
      /(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\s*\(\s*'([^']+)'\s*\)|import\s+'([^']+)'/g,
    )) {
      const spec = m[1] ?? m[2] ?? m[3] ?? '';
      if (spec.startsWith('.')) visit(resolve(file, spec));
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files: [...files].map((f) => path.relative(SRC, f)), packages: [...packages] };
}

describe('the customer pages entry', () => {
  const { files, packages } = reach(path.join(SRC, 'customer/main.tsx'));

  it('reaches only its own folder: no staff shell, feature, i18n or UI module', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => !f.startsWith('customer/') && !SHARED_FILES.includes(f))).toEqual([]);
    // The shared autosave is used, and it stays free of staff code itself.
    expect(files).toEqual(expect.arrayContaining(SHARED_FILES));
    expect(files.some((f) => f.includes('test'))).toBe(false);
  });

  it('uses React, the domain package and the signature pad only (no Mantine, router, query or i18n library)', () => {
    expect(packages.filter((p) => !ALLOWED_PACKAGES.includes(p))).toEqual([]);
  });

  it('loads the signature pad and the form engine only with their dialogs', () => {
    const { files: initial } = reachStatic(path.join(SRC, 'customer/main.tsx'));
    expect(initial).not.toContain('customer/modals/answer-modals.tsx');
    expect(initial).not.toContain('customer/modals/form-modal.tsx');
    for (const file of initial)
      expect(readFileSync(path.join(SRC, file), 'utf8')).not.toMatch(/signature_pad|evaluateForm/);
  });

  it('is an HTML entry of its own, and the staff entry hands customer links to it before any staff code', () => {
    const customerHtml = readFileSync(path.join(WEB, 'customer.html'), 'utf8');
    expect(customerHtml).toContain('src="/src/customer/main.tsx"');
    const indexHtml = readFileSync(path.join(WEB, 'index.html'), 'utf8');
    const redirect = indexHtml.indexOf('<script src="/customer-redirect.js"></script>');
    expect(redirect).toBeGreaterThan(0);
    expect(redirect).toBeLessThan(indexHtml.indexOf('src="/src/main.tsx"'));
    expect(readFileSync(path.join(WEB, 'vite.config.ts'), 'utf8')).toMatch(
      /customer: path\.resolve\(.*'customer\.html'\)/,
    );
  });
});

function reachStatic(entry: string) {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || file.endsWith('.css')) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g))
      if (m[1] && !/^import\s+type\s/.test(m[0])) visit(resolve(file, m[1]));
  };
  visit(entry);
  return { files: [...files].map((f) => path.relative(SRC, f)) };
}

describe('customer-redirect.js (inlined into index.html, before the staff app)', () => {
  const source = readFileSync(path.join(SRC, 'customer-redirect.js'), 'utf8');
  type Listener = (event?: { newURL?: string }) => void;
  const run = (hash: string, pathname = '/') => {
    const replaced: string[] = [];
    const listeners: Record<string, Listener> = {};
    const fake = {
      location: {
        hash,
        pathname,
        href: `http://x${pathname}${hash}`,
        replace: (to: string) => replaced.push(to),
      },
      addEventListener: (type: string, fn: Listener) => {
        listeners[type] = fn;
      },
    };
    new Function('window', source)(fake);
    return { replaced, fake, listeners };
  };

  it.each([
    '#/customer_flow_detail/abc?questions=1',
    '#/customer_communicator/abc',
    '#/customer_quotation_detail/abc',
    '#/customer_confirmation_detail/abc',
    '#/customer_invoice_detail/abc?paymentCompleted=1',
    '#/customer_document_detail/abc?preview=1',
  ])('sends %s to customer.html with the same hash', (hash) => {
    expect(run(hash).replaced).toEqual([`/customer.html${hash}`]);
  });

  it('leaves staff routes alone and keeps a sub path', () => {
    expect(run('#/dashboard').replaced).toEqual([]);
    expect(run('#/flow_detail/5').replaced).toEqual([]);
    expect(run('#/customer_flow_detail/x', '/app/index.html').replaced).toEqual([
      '/app/customer.html#/customer_flow_detail/x',
    ]);
  });

  it('follows a jump inside the running staff app: on popstate, and on hashchange by its new URL', () => {
    const pop = run('#/login');
    pop.fake.location.hash = '#/customer_invoice_detail/z';
    pop.listeners.popstate?.();
    expect(pop.replaced).toEqual(['/customer.html#/customer_invoice_detail/z']);
    // The staff router may have replaced the hash with #/404 by the time hashchange arrives.
    const change = run('#/login');
    change.fake.location.hash = '#/404';
    change.listeners.hashchange?.({ newURL: 'http://x/#/customer_quotation_detail/q?questions=1' });
    expect(change.replaced).toEqual(['/customer.html#/customer_quotation_detail/q?questions=1']);
    // Once on the way, not twice.
    change.listeners.popstate?.();
    change.fake.location.hash = '#/customer_quotation_detail/q';
    change.listeners.popstate?.();
    expect(change.replaced).toHaveLength(1);
  });
});
