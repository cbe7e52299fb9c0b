import { describe, expect, it } from 'vitest';
import { formValuesOf, partnerBody, problemsFromServer } from './partner-form';

const base = {
  ...formValuesOf(null),
  name: 'Sunny Homes',
  allowedOrigins: 'https://sunny.example\nhttp://127.0.0.1:*',
};

describe('the partner form', () => {
  it('sends origins as a list and the commission in basis points', () => {
    const result = partnerBody({
      ...base,
      allowedOrigins: 'HTTPS://Sunny.Example/ https://sunny.example, http://127.0.0.1:*',
      commissionPercent: '12.5',
    });
    expect(result).toEqual({
      ok: true,
      body: {
        name: 'Sunny Homes',
        allowedOrigins: ['https://sunny.example', 'http://127.0.0.1:*'],
        commissionRateBps: 1250,
        rateLimitPerMinute: 600,
        contactEmail: null,
      },
    });
  });

  it('names each wrong field with the words the server uses', () => {
    const result = partnerBody({
      name: ' ',
      allowedOrigins: 'https://*.example',
      commissionPercent: '101',
      rateLimitPerMinute: '1.5',
      contactEmail: 'nope',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.problems).sort()).toEqual(
      ['allowedOrigins', 'commissionRateBps', 'contactEmail', 'name', 'rateLimitPerMinute'].sort(),
    );
    expect(result.problems.allowedOrigins).toContain('is not an origin');
    expect(partnerBody({ ...base, commissionPercent: '1.234' }).ok).toBe(false);
  });

  it('holds the commission to the bound the action gives: the platform fee it comes out of', () => {
    expect(partnerBody({ ...base, commissionPercent: '15' }, 1500).ok).toBe(true);
    const over = partnerBody({ ...base, commissionPercent: '15.01' }, 1500);
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.problems.commissionRateBps).toContain('between 0 and 15%');
  });

  it('puts the server’s errors under the form’s fields', () => {
    expect(problemsFromServer({ 'allowedOrigins.1': 'bad', name: 'Name is required' })).toEqual({
      allowedOrigins: 'bad',
      name: 'Name is required',
    });
  });
});
