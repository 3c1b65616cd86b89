import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const rootPackage = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const oldestNode = semver.minVersion(rootPackage.engines.node)!.version;

describe('the Node.js version the README names', () => {
  it('every installed package supports it, so `npm install` warns about no engine', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
    const refusing = Object.entries(lock.packages as Record<string, { engines?: { node?: string } }>)
      .filter(([, p]) => typeof p.engines?.node === 'string')
      .filter(([, p]) => !semver.satisfies(oldestNode, p.engines!.node!))
      .map(([name, p]) => `${name} (${p.engines!.node})`);
    expect(refusing).toEqual([]);
  });

  it('the start and test scripts stop with a clear message on an older Node.js', () => {
    const fakeOld = `Object.defineProperty(process.versions, 'node', { value: '18.19.0' });
      const { ensureNodeVersion } = await import(${JSON.stringify(path.join(ROOT, 'scripts/setup.mjs'))});
      ensureNodeVersion();
      console.log('went on');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', fakeOld], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('went on');
    expect(run.stderr).toContain(`needs Node.js ${rootPackage.engines.node.replace('>=', '')} or newer`);
    for (const script of ['scripts/start.mjs', 'scripts/test-all.mjs']) {
      const source = readFileSync(path.join(ROOT, script), 'utf8');
      expect(source.indexOf('ensureNodeVersion()')).toBeGreaterThan(-1);
      expect(source.indexOf('ensureNodeVersion()')).toBeLessThan(source.indexOf('ensureNodeModules()'));
    }
  });
});
