import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../lib/logger';
import { startJobs } from './index';
import type { JobDeps } from './registry';

/**
 * Stopping the schedule on a SIGTERM: the database is closed next, so the stop must wait for a run
 * already going (it used to return at once, and the database closed under the job).
 */

afterEach(() => {
  vi.useRealTimers();
});

describe('startJobs', () => {
  it('stops scheduling at once and resolves only when the run in progress has finished', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-15T12:00:30Z') });
    let release: () => void = () => undefined;
    const runs: string[] = [];
    const deps = { logger: createLogger('silent') } as unknown as JobDeps;
    const stop = startJobs(deps, [
      {
        name: 'slow',
        schedule: '* * * * *',
        run: async () => {
          runs.push('started');
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          runs.push('finished');
        },
      },
    ]);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(runs).toEqual(['started']);

    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);

    release();
    await stopping;
    expect(runs).toEqual(['started', 'finished']);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(runs).toEqual(['started', 'finished']);
  });
});
