import { defineConfig } from 'tsup';

/**
 * SDK bundles, built from `sdk/` (its scripts run `tsup --config ../tsup.config.ts`), one per entry
 * point of `sdk/package.json` `exports` (decision 032):
 * - `dist/{index,schemas,rules,client,cities,forms,help,chat,webhooks}.js` + `.d.ts`: the npm package's entries, ESM.
 * - `dist/spotless.global.js`: the typed client for a plain `<script>` tag (`window.SpotlessSDK`),
 *   without zod and without the city table.
 * - `dist/embed.js`: the partners' loader (IIFE), and `dist/embed/widgets.js` + chunks: the widgets
 *   with Preact bundled in, as the server serves them to partner pages (decision 050).
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
      webhooks: 'src/webhooks/index.ts',
      widgets: 'src/widgets/index.tsx',
      loader: 'src/loader/index.ts',
      react: 'src/react/index.ts',
    },
    // React is the app's own (a peer dependency); Preact and the SDK's code are bundled.
    external: ['react'],
    format: ['esm'],
    // The widgets are Preact (a dependency of the npm package, so an app bundles one copy).
    esbuildOptions(options) {
      options.jsx = 'automatic';
      options.jsxImportSource = 'preact';
    },
    dts: { compilerOptions: { composite: false, incremental: false, customConditions: [] } },
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    target: 'es2020',
    treeshake: true,
    splitting: true,
  },
  {
    // What partner pages load from the server (/sdk/embed/…): the widgets with Preact inside, one
    // chunk each for payment and chat, loaded only when used.
    entry: { widgets: 'src/widgets/index.tsx' },
    format: ['esm'],
    outDir: 'dist/embed',
    noExternal: [/.*/],
    splitting: true,
    minify: true,
    treeshake: true,
    sourcemap: true,
    target: 'es2020',
    platform: 'browser',
    esbuildOptions(options) {
      options.jsx = 'automatic';
      options.jsxImportSource = 'preact';
    },
  },
  {
    // The one tag partners add: `<script src="…/embed.js" data-key="pk_…" async>`.
    entry: { embed: 'src/loader/embed.ts' },
    format: ['iife'],
    outDir: 'dist',
    outExtension: () => ({ js: '.js' }),
    minify: true,
    sourcemap: true,
    target: 'es2020',
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
