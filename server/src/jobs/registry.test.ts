import { readFileSync } from 'node:fs';
import { validate } from 'node-cron';
import { describe, expect, it } from 'vitest';
import { JOBS } from './registry';

describe('job registry', () => {
  it('gives every job a valid cron schedule that a Workers Cron Trigger in wrangler.toml fires', () => {
    const wrangler = readFileSync(new URL('../../../wrangler.toml', import.meta.url), 'utf8');
    const crons = [...(wrangler.match(/^crons\s*=\s*\[(.*)\]/m)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    expect(crons.length).toBeGreaterThan(0);
    for (const job of JOBS) {
      expect(validate(job.schedule), job.name).toBe(true);
      expect(crons, job.name).toContain(job.schedule);
    }
    expect(new Set(JOBS.map((j) => j.name)).size).toBe(JOBS.length);
  });
});
