import { schedule } from 'node-cron';
import { JOBS, type JobDeps, runJob } from './registry';

export { purgeExpired } from './purge-expired';
export { JOBS, type JobDeps } from './registry';

/**
 * Schedules every job with node-cron (Node entry only). Returns a function that stops them: no run
 * starts after it is called, and its promise resolves once the runs already going have finished,
 * so a stopping server closes its database between two of a job's transactions, never inside one.
 */
export function startJobs(deps: JobDeps, jobs: typeof JOBS = JOBS): () => Promise<void> {
  const running = new Set<Promise<void>>();
  let stopped = false;
  const tasks = jobs.map((job) =>
    schedule(
      job.schedule,
      () => {
        if (stopped) return;
        const run = runJob(job, deps).finally(() => running.delete(run));
        running.add(run);
        return run;
      },
      { name: job.name, noOverlap: true },
    ),
  );
  return async () => {
    stopped = true;
    for (const task of tasks) void task.stop();
    await Promise.all(running);
  };
}
