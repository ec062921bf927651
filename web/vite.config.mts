import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// The gateway serves web/dist and /api from one origin; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [
    react(),
    // docs/product.md "Installing the app": the manifest, and the service worker made from src/sw.ts with the list
    // of files to keep (the app shell and the hashed assets). It is registered by src/main.tsx in built apps only.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Family Archive',
        short_name: 'Family',
        description: 'Our private family archive',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f7f5f0',
        theme_color: '#2f5d62',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // "Share → Family Archive" from a phone's gallery: src/sw.ts receives the POST.
        share_target: {
          action: '/share',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { files: [{ name: 'media', accept: ['image/*', 'video/*'] }] },
        },
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The gallery's largest chunks are a few hundred KB; nothing the app needs is left out.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
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
