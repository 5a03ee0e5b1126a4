/**
 * What the browser benchmarks share: the built server on a free port with a fresh data directory
 * (bench/load-server.ts), and the Debian Chromium launched as the browser tests launch it.
 */
import { chromium, type Browser } from 'playwright-core';
import { ensureBuilt, startServer, stopServer } from './load-server.js';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Runs `work` against a fresh built server and a headless Chromium, and stops both after it. */
export async function withWebApp<T>(work: (baseUrl: string, browser: Browser) => Promise<T>, { gpu = false } = {}): Promise<T> {
  ensureBuilt();
  // Every benchmark user signs up from this one address, and the benchmarks call the API more than a person would.
  const running = await startServer('warn', ['SIGN_UPS_PER_DAY=1000', 'RATE_LIMIT_PER_MINUTE=1000']);
  const args = gpu ? CHROMIUM_ARGS.filter((arg) => arg !== '--disable-gpu') : CHROMIUM_ARGS;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
  console.log(`Chromium ${browser.version()}${gpu ? '' : ', --disable-gpu'}; server at ${running.base}.`);
  try {
    return await work(running.base, browser);
  } finally {
    await browser.close();
    await stopServer(running.server);
  }
}
