import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The admin console: its own entry and bundle, served by the server at /admin/. Nothing of it is
 * imported by the phone app (apps/web), so none of it reaches the phone's first load.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/seller': 'http://localhost:3000' } },
});
