// Runs a piece of the domain package in Debian's Chromium, bundled by esbuild as the web app bundles
// it: the benchmarks that time browser-side work (calculation engine, form engine) share this.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/**
 * Bundles `source` (TypeScript, resolved from apps/server; it must set `window.runBench`) into a blank
 * page and answers what `window.runBench()` resolves to; null when Chromium is not installed.
 */
export async function runInChromium<T>(source: string): Promise<T | null> {
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  if (!executablePath) return null;
  const bundle = await build({
    stdin: { contents: source, resolveDir: SERVER_DIR, loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    platform: 'browser',
  });
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>bench</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    return (await page.evaluate('window.runBench()')) as T;
  } finally {
    await browser.close();
  }
}
