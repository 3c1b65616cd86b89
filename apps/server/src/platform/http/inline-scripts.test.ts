import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from './inline-scripts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the CSP sources of the built HTML entries', () => {
  it('allows exactly the inline scripts of the HTML files, by their hash', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'im-dist-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<head><script>a()</script><script type="module" src="/assets/x.js"></script></head>',
    );
    writeFileSync(path.join(dir, 'customer.html'), '<head><script>b()\n</script><script>a()</script></head>');
    writeFileSync(path.join(dir, 'notes.txt'), '<script>c()</script>');
    expect(inlineScriptSources(dir)).toEqual([sha('a()'), sha('b()\n')].sort());
  });

  it('none without a build', () => {
    expect(inlineScriptSources(undefined)).toEqual([]);
    expect(inlineScriptSources(path.join(os.tmpdir(), 'im-no-such-dist'))).toEqual([]);
  });
});
