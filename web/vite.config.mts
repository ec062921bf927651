import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The gateway serves web/dist and /api from one origin; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  // tsconfig.json's paths: the API contract comes from its TypeScript source (its build is CommonJS, for Node).
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
});
