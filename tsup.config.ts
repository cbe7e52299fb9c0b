import { defineConfig } from 'tsup';

/**
 * SDK bundles, built from `sdk/` (its scripts run `tsup --config ../tsup.config.ts`), one per entry
 * point of `sdk/package.json` `exports` (decision 032):
 * - `dist/{index,schemas,rules,client,cities,forms,help,chat}.js` + `.d.ts`: the npm package's entries, ESM.
 * - `dist/spotless.global.js`: the typed client for a plain `<script>` tag (`window.SpotlessSDK`),
 *   without zod and without the city table.
 * `npm run size -w sdk` prints each file's gzip size. The server bundle has its own config in
 * `server/tsup.config.ts`.
 */
export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      schemas: 'src/schemas/index.ts',
      rules: 'src/rules/index.ts',
      client: 'src/client/index.ts',
      cities: 'src/cities.ts',
      forms: 'src/forms/index.ts',
      help: 'src/help/index.ts',
      chat: 'src/chat/index.ts',
    },
    format: ['esm'],
    dts: { compilerOptions: { composite: false, incremental: false, customConditions: [] } },
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    target: 'es2020',
    treeshake: true,
    splitting: true,
  },
  {
    entry: { spotless: 'src/client/index.ts' },
    format: ['iife'],
    globalName: 'SpotlessSDK',
    outDir: 'dist',
    outExtension: () => ({ js: '.global.js' }),
    minify: true,
    sourcemap: true,
    target: 'es2020',
  },
]);
