import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app is served by the API server from dist/ on the same port; `npm run dev -w @stitchwise/web`
// proxies the server's routes to http://localhost:3000 instead.
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@stitchwise/core': fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url)) },
  },
  // React, the router, the query cache and the OpenID client make one ~500 kB (150 kB gzip) bundle, cached by hash.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': server, '/oidc': server, '/files': server } },
});
