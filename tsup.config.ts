import { defineConfig } from 'tsup';

/**
 * SDK bundles, built from `sdk/` (its scripts run `tsup --config ../tsup.config.ts`):
 * - `dist/index.js` + `.d.ts`: the npm package (typed client, formatting, city table).
 * - `dist/spotless.global.js`: the same client for a plain `<script>` tag (`window.SpotlessSDK`).
 * The server bundle has its own config in `server/tsup.config.ts`.
 */
export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: { compilerOptions: { composite: false, incremental: false } },
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    target: 'es2020',
    treeshake: true,
  },
  {
    entry: { spotless: 'src/index.ts' },
    format: ['iife'],
    globalName: 'SpotlessSDK',
    outDir: 'dist',
    outExtension: () => ({ js: '.global.js' }),
    minify: true,
    sourcemap: true,
    target: 'es2020',
  },
]);
