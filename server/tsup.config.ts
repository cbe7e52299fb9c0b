import { defineConfig } from 'tsup';

// The Node server as one ESM file; npm dependencies stay external, the SDK workspace is bundled.
export default defineConfig({
  entry: { node: 'src/node.ts' },
  format: ['esm'],
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
