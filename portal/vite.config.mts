import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/** The student portal: served by the API at / from portal/dist (browser-history routes). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, reportCompressedSize: true },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
});
