// Vite settings of the demo page: the offline plugin that writes the service worker; the
// main chunk carries the package's inlined wasm (about 830 kB, 360 kB gzipped), so the size
// warning starts above it.
import { defineConfig } from 'vite';
import { offline } from './offline-plugin.ts';

export default defineConfig({
  plugins: [offline()],
  build: { chunkSizeWarningLimit: 1200 },
});
