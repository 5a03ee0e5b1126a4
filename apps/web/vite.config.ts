import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The web app is served by the API server from dist/ on the same port; `npm run dev -w @stitchwise/web`
// proxies the server's routes to http://localhost:3000 instead.
const server = 'http://localhost:3000';

/**
 * Writes a .br and a .gz copy next to every script, stylesheet and other text file of the build
 * (1 KB and more, source maps aside), compressed once at their best; the server sends the copy the
 * browser accepts (@fastify/static `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'stitchwise:precompress',
    apply: 'build',
    writeBundle({ dir }, bundle) {
      if (!dir) return;
      for (const fileName of Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json|txt|wasm)$/.test(name))) {
        const path = join(dir, fileName);
        const bytes = readFileSync(path);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The installed app: its manifest, and the service worker (src/service-worker.ts) with the app shell's files
 * to precache. Not the HEIC decoder (1.4 MB; photos are only turned into charts online) nor source maps.
 * The page registers the worker itself and offers its updates (offline/app-update.ts).
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'service-worker.ts',
  registerType: 'prompt',
  injectRegister: false,
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt}'],
    globIgnores: ['**/heic.worker-*.js', '**/*.map'],
  },
  manifest: {
    id: '/',
    name: 'Stitchwise',
    short_name: 'Stitchwise',
    description: 'Plan cross-stitch and embroidery: thread matching, colour tools and stitch charts, and your charts beside the hoop.',
    start_url: '/stitch/projects',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#7c3aed',
    background_color: '#f8fafc',
    categories: ['lifestyle', 'productivity'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), installableApp, precompress()],
  resolve: {
    alias: [
      { find: '@stitchwise/core', replacement: fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url)) },
      // react-toastify's default entry injects its stylesheet as an inline <style>, which the
      // Content-Security-Policy (style-src 'self') refuses; main.tsx links the same stylesheet.
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
    ],
  },
  // React, the router, the query cache and the OpenID client make one ~500 kB (150 kB gzip) bundle, cached by hash.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': server, '/oidc': server, '/files': server } },
});
