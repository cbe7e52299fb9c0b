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
        // Six characters of content hash, not eight: the first download names every lazy chunk
        // (the preload map of each page), and two random characters a name are bytes nothing compresses.
        chunkFileNames: 'assets/[name]-[hash:6].js',
        assetFileNames: 'assets/[name]-[hash:6][extname]',
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
