import { defineConfig } from '@playwright/test';

/**
 * Browser tests: the built app and a real server on a fresh SQLite database, in the Debian
 * Chromium (CHROMIUM_PATH, found by scripts/run-e2e.ts). A second local origin plays an outside
 * image host, allowed through IMAGE_URL_ALLOW.
 */
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3211);
const IMAGE_PORT = APP_PORT + 1;
const dataDir = process.env.E2E_DATA_DIR ?? 'e2e-results/data';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e-results/artifacts',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${APP_PORT}`,
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'retain-on-failure',
    // The app's service worker answers the page's requests from its caches, out of page.route's reach: tests
    // of the installed, offline app allow it (e2e/offline.spec.ts); the others see the network as before.
    serviceWorkers: 'block',
  },
  webServer: [
    {
      command: 'node apps/server/dist/main.js',
      url: `http://localhost:${APP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(APP_PORT),
        PUBLIC_URL: `http://localhost:${APP_PORT}`,
        DATA_DIR: dataDir,
        IMAGE_URL_ALLOW: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SIGN_UPS_PER_DAY: '1000',
      }, // every test user signs up from this one address
    },
    {
      command: `npx tsx e2e/image-origin.ts ${IMAGE_PORT}`,
      url: `http://127.0.0.1:${IMAGE_PORT}/health`,
      reuseExistingServer: false,
    },
  ],
});
