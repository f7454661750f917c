import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built by bench/run.mjs into bench/.out/stock, with the project's own node_modules.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: '../.out/stock', emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});
