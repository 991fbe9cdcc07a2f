import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

/** The staff console: served by the API at /admin from admin/dist (browser-history routes under it). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  // Brotli and gzip copies of every text asset, built once here and served as they are (api/app.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: true,
    rollupOptions: {
      output: {
        // One chunk for the libraries every screen stands on (React, react-admin, MUI, emotion): a
        // screen's first visit then fetches its own code in a request or two instead of ~60 small
        // library chunks queued six at a time behind HTTP/1.1's connection limit (docs/benchmarks.md).
        manualChunks(id) {
          if (id.includes('/node_modules/') && !/\/node_modules\/(cronstrue)\//.test(id)) return 'vendor';
          return undefined;
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
