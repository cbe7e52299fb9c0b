import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const apiOrigin = 'http://127.0.0.1:8787';
const proxy = { '/api': { target: apiOrigin, xfwd: true } };

export default defineConfig({
  // The config may be loaded from the repository root (e.g. by a Vitest workspace), so pin the root here.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // The SDK's entries resolve to its TypeScript sources inside the monorepo (decision 032).
  resolve: { conditions: ['@spotless/source', ...defaultClientConditions] },
  // `manifest`: scripts/page-chunks.mjs reads it to name each page's chunks (decision 059).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Seven characters of content hash, not eight: the first download names every lazy chunk
        // (the preload map of each page), and random characters are bytes nothing compresses. Six
        // was tried (decision 082), but the bundler refuses it past 64 chunks.
        // TanStack Query in one chunk of its own: left to the bundler, its modules split into
        // several small shared chunks as pages were added, each a separate download compressed alone.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:6][extname]',
        advancedChunks: { groups: [{ name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ }] },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
