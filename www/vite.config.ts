// Vite settings of the demo page. The main chunk carries the package's inlined page module
// (deflated; the chunk is about 316 kB, 178 kB gzipped) and the engine's module is a lazy chunk
// of its own (104 kB, 78 kB gzipped); the size warning starts above them.
//
// Offline: vite-plugin-pwa (Workbox's generateSW) writes `sw.js`, which precaches every file
// of the build (the page, its chunks with the wasm, the lazy Learn chunks, the icons and the
// manifest) under their content hashes, serves them cache-first, answers navigations with the
// cached page, and drops the caches of older builds. The page registers it itself (main.ts:
// one line, no workbox-window in the page); the manifest is public/manifest.webmanifest.
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    VitePWA({
      injectRegister: null,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{html,js,css,wasm,svg,png,webmanifest}'],
        // Workbox leaves files over 2 MiB out of the precache (with only a build warning):
        // the limit is raised so that a growing main chunk can never drop out silently.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        inlineWorkboxRuntime: true,
      },
    }),
  ],
  build: { chunkSizeWarningLimit: 400 },
});
