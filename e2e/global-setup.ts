import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './built-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Milliseconds written here are added to the server's clock (TEST_CLOCK_FILE). */
    clockFile: string;
  }
}

/** One built server, on the embedded defaults with demo data, shared by every browser test. */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('clockFile', join(server.dataDir, 'clock'));
  return () => server.stop();
}
