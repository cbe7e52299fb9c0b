import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ReverseSequencer } from './e2e/sequencer.ts';

/** The SDK's entries resolve to its TypeScript sources inside the monorepo (decision 032). */
const source = { conditions: ['@spotless/source', 'module', 'node', 'development|production'] };

export default defineConfig({
  test: {
    // Two workers even on two cores: the unit files wait on libSQL's file I/O as much as they compute.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: source,
        ssr: { resolve: { conditions: source.conditions } },
        test: { name: 'sdk', root: 'sdk', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: source,
        ssr: { resolve: { conditions: source.conditions } },
        test: {
          name: 'server',
          root: 'server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.isolated.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          // The files share one module graph per worker: the app's modules load once, not once per
          // file (decision 070). A file that replaces a module (vi.mock) is named *.isolated.test.ts.
          isolate: false,
        },
      },
      {
        resolve: source,
        ssr: { resolve: { conditions: source.conditions } },
        test: {
          name: 'server-isolated',
          root: 'server',
          include: ['src/**/*.isolated.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // The repository's own scripts: `npm start` and `npm test` on a machine missing something.
        test: { name: 'scripts', root: 'scripts', include: ['*.test.mjs'], environment: 'node', testTimeout: 60_000 },
      },
      {
        resolve: source,
        ssr: { resolve: { conditions: source.conditions } },
        test: { name: 'admin', root: 'admin', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        resolve: source,
        ssr: { resolve: { conditions: source.conditions } },
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // E2E_ORDER=reverse runs the files last name first (npm run test:e2e:orders).
          ...(process.env.E2E_ORDER === 'reverse' ? { sequence: { sequencer: ReverseSequencer } } : {}),
        },
      },
      {
        resolve: source,
        ssr: { resolve: { conditions: source.conditions } },
        test: {
          // One API suite on Node + libSQL file, Node + libSQL server and Workers + libSQL server.
          name: 'targets',
          root: 'server',
          include: ['targets/**/*.targets.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
