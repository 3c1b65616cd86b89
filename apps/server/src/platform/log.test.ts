import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prettyLogs } from './log';

function logLine(format: string): string {
  const log = path.join(import.meta.dirname, 'log.ts');
  const script = `const { createLogger } = await import(${JSON.stringify(log)});
    createLogger('info', ${JSON.stringify(format)}).info({ url: 'http://127.0.0.1:3000' }, 'Installatiemanager is running');`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  expect(run.status).toBe(0);
  return run.stdout.trim();
}

describe('log lines', () => {
  it('auto: readable on a terminal, JSON when the output is not a terminal', () => {
    expect(prettyLogs('auto', { isTTY: true })).toBe(true);
    expect(prettyLogs('auto', { isTTY: false })).toBe(false);
    expect(prettyLogs('auto', {})).toBe(false);
    expect(prettyLogs('json', { isTTY: true })).toBe(false);
    expect(prettyLogs('pretty', {})).toBe(true);
  });

  it('pretty prints the time, level and message on one readable line', () => {
    const line = logLine('pretty');
    expect(() => JSON.parse(line)).toThrow();
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] .*INFO.*: Installatiemanager is running/);
    expect(line).toContain('http://127.0.0.1:3000');
  });

  it('json writes one JSON object per line for log collectors', () => {
    const entry = JSON.parse(logLine('json'));
    expect(entry).toMatchObject({
      level: 30,
      msg: 'Installatiemanager is running',
      url: 'http://127.0.0.1:3000',
    });
  });
});
