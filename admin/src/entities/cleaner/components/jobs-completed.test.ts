import { describe, expect, it } from 'vitest';
import { jobsCompleted } from './cleaner-identity';

describe('a cleaner’s record in words', () => {
  it('says "1 job completed", never "1 jobs completed"', () => {
    expect(jobsCompleted(1)).toBe('1 job completed');
    expect(jobsCompleted(0)).toBe('0 jobs completed');
    expect(jobsCompleted(12)).toBe('12 jobs completed');
  });
});
