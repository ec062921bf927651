import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The gateway serves web/dist and /api from one origin; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [
    react(),
    // Compressed once at build, at the highest levels, beside each file (`.br`, `.gz`); the gateway sends the
    // one the browser accepts (docs/architecture.md "Speed").
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
    }),
  ],
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
