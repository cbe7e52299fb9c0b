import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser test files in reverse order of their names (`E2E_ORDER=reverse`): with
 * `--sequence.shuffle` and the default order, the proof that no file depends on another's
 * leftovers (each has its own server: e2e/server.ts).
 */
export class ReverseSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => b.moduleId.localeCompare(a.moduleId));
  }
}
