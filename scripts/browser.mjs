// The Chromium that the browser journeys and Lighthouse drive, found without a system package manager:
// CHROMIUM_PATH when set, else the system's /usr/bin/chromium, else the Chromium shipped inside the npm
// package @sparticuz/chromium (unpacked on first use into the temp folder; it needs only libnss3).
import { existsSync } from 'node:fs';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags for a headless run on a server or in a container (no sandbox user namespaces, no GPU, no updates). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * @returns {Promise<{ path: string, source: 'CHROMIUM_PATH' | 'system' | 'npm' }>}
 */
export async function resolveChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH)) {
      throw new Error(`CHROMIUM_PATH points at ${env.CHROMIUM_PATH}, which does not exist.`);
    }
    return { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, source: 'system' };
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      'No Chromium found: the npm-shipped one is for Linux x64 only. Set CHROMIUM_PATH to a Chromium or Chrome.',
    );
  }
  const { default: chromium } = await import('@sparticuz/chromium');
  // Its Lambda-oriented launch arguments (single process, no zygote) are not used: CHROMIUM_FLAGS suit a desktop run.
  return { path: await chromium.executablePath(), source: 'npm' };
}
