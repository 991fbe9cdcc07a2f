import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { vendorChunk } from '../vite.vendor.mts';

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
        manualChunks: vendorChunk(),
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
