import { accessSync, constants, statSync } from 'node:fs';

const DEFAULT_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Locates a Chromium binary. An explicit path is authoritative: when it is given but unusable we return
 * null instead of falling back, so a misconfiguration surfaces rather than silently using another browser.
 */
export function findChromium(explicitPath?: string): string | null {
  const explicit = explicitPath?.trim();
  if (explicit) return isExecutableFile(explicit) ? explicit : null;

  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv && isExecutableFile(fromEnv)) return fromEnv;

  return DEFAULT_PATHS.find(isExecutableFile) ?? null;
}
