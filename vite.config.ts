import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const workerOrigin = 'http://127.0.0.1:8787';

export default defineConfig({
  root: fromRoot('./client'),
  publicDir: fromRoot('./client/public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Vite's root is client/, so the router's paths are given from the repository root.
      routesDirectory: fromRoot('./client/routes'),
      generatedRouteTree: fromRoot('./client/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
  ],
  resolve: {
    alias: {
      '~': fromRoot('./client'),
      'styled-system': fromRoot('./styled-system'),
    },
  },
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // scripts/bench/bundle.ts weighs each screen's chunks from it.
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: workerOrigin, changeOrigin: false },
      '/parties': { target: workerOrigin, ws: true },
    },
  },
  preview: { host: '127.0.0.1' },
});
