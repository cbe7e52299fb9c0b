import { schedule } from 'node-cron';
import { JOBS, type JobDeps, runJob } from './registry';

export { purgeExpired } from './purge-expired';
export { JOBS, type JobDeps } from './registry';

/** Schedules every job with node-cron (Node entry only). Returns a function that stops them. */
export function startJobs(deps: JobDeps): () => void {
  const tasks = JOBS.map((job) => schedule(job.schedule, () => runJob(job, deps), { name: job.name, noOverlap: true }));
  return () => {
    for (const task of tasks) void task.stop();
  };
}
