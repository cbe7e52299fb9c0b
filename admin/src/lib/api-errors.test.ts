import { ApiError } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import {
  errorCode,
  errorDetail,
  errorMessage,
  errorStatus,
  fieldErrors,
  formErrors,
  serverMessage,
} from './api-errors';

const conflict = new ApiError(409, 'Conflict', {
  error: {
    code: 'price_changed',
    message: 'The price has changed to $90.00',
    fields: { totalPrice: 'The price is now $90.00' },
    currentPrice: '90.00',
  },
});
const serverError = new ApiError(500, 'Internal Server Error', { error: { code: 'internal', message: 'Boom' } });
const silent = new ApiError(502, 'Bad Gateway', '<html>gateway</html>');
const offline = new TypeError('Failed to fetch');

describe('errorMessage', () => {
  it("shows the server's message, or the fallback when there is none", () => {
    expect(errorMessage(conflict, 'Try again.')).toBe('The price has changed to $90.00');
    expect(errorMessage(silent, 'Try again.')).toBe('Try again.');
    expect(errorMessage(offline, 'Try again.')).toBe('Try again.');
    expect(errorMessage(new ApiError(400, 'x', { error: { code: 'x', message: '  ' } }), 'Try again.')).toBe(
      'Try again.',
    );
  });

  it('shows it only for the statuses given', () => {
    expect(errorMessage(conflict, 'Try again.', [409])).toBe('The price has changed to $90.00');
    expect(errorMessage(serverError, 'Try again.', [409])).toBe('Try again.');
    expect(errorMessage(serverError, 'Try again.')).toBe('Boom');
    expect(serverMessage(conflict, [400, 409])).toBe('The price has changed to $90.00');
    expect(serverMessage(serverError, [400, 409])).toBeUndefined();
  });
});

describe('fieldErrors, errorDetail, errorStatus, errorCode', () => {
  it('read what the API error carried', () => {
    expect(fieldErrors(conflict)).toEqual({ totalPrice: 'The price is now $90.00' });
    expect(errorDetail(conflict, 'currentPrice')).toBe('90.00');
    expect(errorStatus(conflict)).toBe(409);
    expect(errorCode(conflict)).toBe('price_changed');
  });

  it('are empty for a failure that is not an API answer', () => {
    expect(fieldErrors(offline)).toEqual({});
    expect(fieldErrors(serverError)).toEqual({});
    expect(errorDetail(offline, 'currentPrice')).toBeUndefined();
    expect(errorStatus(offline)).toBeUndefined();
    expect(errorCode(silent)).toBeUndefined();
  });
});

describe('formErrors', () => {
  const shortPassword = new ApiError(400, 'Bad Request', {
    error: {
      code: 'validation_failed',
      message: 'Invalid request body: password',
      fields: { password: 'Password must be at least 8 characters' },
    },
  });

  it('gives the per-field messages and no general message when the form shows every field named', () => {
    expect(formErrors(shortPassword, ['email', 'password'], 'Try again.')).toEqual({
      fields: { password: 'Password must be at least 8 characters' },
      message: null,
    });
  });

  it('gives a general message for an error that names no field', () => {
    const refused = new ApiError(401, 'Unauthorized', { error: { code: 'x', message: 'Invalid email or password' } });
    expect(formErrors(refused, ['email', 'password'], 'Try again.')).toEqual({
      fields: {},
      message: 'Invalid email or password',
    });
    expect(formErrors(offline, ['email'], 'Try again.')).toEqual({ fields: {}, message: 'Try again.' });
    expect(formErrors(serverError, ['email'], 'Try again.', [400])).toEqual({ fields: {}, message: 'Try again.' });
  });

  it('keeps the general message when a named field is not on the form, which could not show it', () => {
    expect(formErrors(conflict, ['email'], 'Try again.')).toEqual({
      fields: {},
      message: 'The price has changed to $90.00',
    });
    const both = new ApiError(400, 'Bad Request', {
      error: { code: 'v', message: 'Invalid request body: email, role', fields: { email: 'Invalid', role: 'No' } },
    });
    expect(formErrors(both, ['email'], 'Try again.')).toEqual({
      fields: { email: 'Invalid' },
      message: 'Invalid request body: email, role',
    });
  });
});
