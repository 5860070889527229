import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  base: './',
  build: {
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/seller': 'http://localhost:3000', '/__dev': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
