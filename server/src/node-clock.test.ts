import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { fileOffsetClock } from './node-clock';

const dir = mkdtempSync(join(tmpdir(), 'spotless-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the browser tests’ clock', () => {
  it('is the real time until the file says otherwise, then follows each change of the file', () => {
    const file = join(dir, 'clock');
    const clock = fileOffsetClock(file);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    writeFileSync(file, String(3 * 86_400_000));
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(3 * 86_400_000 - 1000);
    writeFileSync(file, '0');
    // A rewrite within the same millisecond still counts: the time stamp moves.
    utimesSync(file, new Date(), new Date(Date.now() + 5));
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('is refused in production', () => {
    expect(() =>
      parseConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'libsql://db.example',
        PUBLIC_URL: 'https://spotless.example',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        TEST_CLOCK_FILE: '/tmp/clock',
      }),
    ).toThrow(/TEST_CLOCK_FILE/);
  });
});
