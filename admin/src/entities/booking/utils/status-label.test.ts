import { describe, expect, it } from 'vitest';
import { statusLabel } from './status-label';

describe('statusLabel', () => {
  it('uppercases and shows underscores as spaces', () => {
    expect(statusLabel('in_progress')).toBe('IN PROGRESS');
    expect(statusLabel('pending')).toBe('PENDING');
  });
});
