import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './built-server';
import { TEST_START } from './test-clock';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo data every browser test file's server starts from a copy of (seeded at TEST_START). */
    templateDir: string;
  }
}

/**
 * Seeds the demo data once, at the browser tests' fixed start, into a folder every test file's own
 * server copies (`useServer` in server.ts): no file sees another's leftovers or today's date.
 */
export default async function setup(project: TestProject) {
  const seeder = await startBuiltServer({}, { startAt: TEST_START, keepData: true });
  await seeder.stop();
  project.provide('templateDir', seeder.dataDir);
  return () => rmSync(seeder.dataDir, { recursive: true, force: true });
}
