import { defineConfig } from 'tsup';

// The Node server as one ESM file; npm dependencies stay external, the SDK workspace is bundled.
// Beside it, the image worker thread's own file (node-images.ts starts dist/image-worker.js from
// dist/node.js); each entry stands alone, no shared chunks.
export default defineConfig({
  entry: { node: 'src/node.ts', 'image-worker': 'src/image-worker.ts' },
  format: ['esm'],
  splitting: false,
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@spotless/sdk'],
  // The SDK's entries resolve to its TypeScript sources inside the monorepo (decision 032).
  esbuildOptions(options) {
    options.conditions = ['@spotless/source'];
  },
});
