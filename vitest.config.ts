import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests run against the core's sources, so they need no build first.
    alias: { '@stitchwise/core': fileURLToPath(new URL('packages/core/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/*/test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    globalSetup: ['./vitest.global-setup.ts'],
  },
});
