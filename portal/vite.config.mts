import { defineConfig } from 'vite';
import { vendorChunk } from '../vite.vendor.mts';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

/** The student portal: served by the API at / from portal/dist (browser-history routes). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  // Brotli and gzip copies of every text asset, built once here and served as they are (api/app.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    // The libraries (React, MUI, emotion, the router) in one chunk: a screen's first visit fetches its
    // own code in a request or two instead of a dozen small library chunks (docs/benchmarks.md).
    rollupOptions: { output: { manualChunks: vendorChunk() } },
  },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
});
