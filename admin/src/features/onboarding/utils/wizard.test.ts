import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  initialPreferences,
  openingStep,
  opensByItself,
  parseBudget,
  progressPercent,
  resumeStep,
  splitSpecialRequests,
  toggle,
} from './wizard';

describe('onboarding wizard rules', () => {
  it('shows (step + 1) / 5 as a percentage', () => {
    expect([0, 1, 2, 3, 4].map(progressPercent)).toEqual([20, 40, 60, 80, 100]);
  });

  it('parses budgets as whole numbers, falling back to 0', () => {
    expect(parseBudget('120')).toBe(120);
    expect(parseBudget('99.9')).toBe(99);
    expect(parseBudget('')).toBe(0);
    expect(parseBudget('abc')).toBe(0);
    expect(parseBudget('-5')).toBe(0);
  });

  it('splits special requests on comma plus space and drops empties', () => {
    expect(splitSpecialRequests('Pets at home, Eco products, , Keys under mat')).toEqual([
      'Pets at home',
      'Eco products',
      'Keys under mat',
    ]);
    expect(splitSpecialRequests('one,two')).toEqual(['one,two']);
    expect(splitSpecialRequests('')).toEqual([]);
  });

  it('resumes at the saved step, within the five screens', () => {
    expect(resumeStep({ onboardingStep: 0 })).toBe(0);
    expect(resumeStep({ onboardingStep: 3 })).toBe(3);
    expect(resumeStep({ onboardingStep: 5 })).toBe(4);
  });

  it('starts from the defaults and keeps what was saved', () => {
    expect(initialPreferences({ onboardingPreferences: null })).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES.budget).toEqual({ min: 50, max: 200 });
    expect(DEFAULT_PREFERENCES.notifications).toEqual({ email: true, sms: false, push: true });
    const saved = initialPreferences({
      onboardingPreferences: { ...DEFAULT_PREFERENCES, userType: 'both', budget: { min: 80, max: 150 } },
    });
    expect(saved.userType).toBe('both');
    expect(saved.budget).toEqual({ min: 80, max: 150 });
  });

  it('toggles a choice in a list', () => {
    expect(toggle(['deep'], 'residential')).toEqual(['deep', 'residential']);
    expect(toggle(['deep', 'residential'], 'deep')).toEqual(['residential']);
  });
});

describe('when and where the tour opens', () => {
  it('opens by itself until finished or closed, on the home page and the listing only', () => {
    const due = { onboardingCompleted: false };
    expect(opensByItself(due, '/')).toBe(true);
    expect(opensByItself(due, '/cleaners')).toBe(true);
    expect(opensByItself(due, '/cleaners/')).toBe(true);
    expect(opensByItself({ onboardingCompleted: true }, '/')).toBe(false);
  });

  it('never covers a booking, checkout, a profile or a page someone was sent to', () => {
    const due = { onboardingCompleted: false };
    for (const path of [
      '/booking/12',
      '/booking/12/3',
      '/checkout',
      '/cleaner/12',
      '/apply-cleaner',
      '/dashboard',
      '/guest-link',
      '/verify-email',
      '/search',
    ]) {
      expect(opensByItself(due, path), path).toBe(false);
    }
  });

  it('waits on a listing a link or a search filled in (arrived by a deep link)', () => {
    const due = { onboardingCompleted: false };
    expect(opensByItself(due, '/cleaners', '?location=Denver&maxPrice=40')).toBe(false);
    expect(opensByItself(due, '/', '?page=3')).toBe(false);
    expect(opensByItself(due, '/', '')).toBe(true);
  });

  it('resumes where it was left; shown again after finishing, from the start', () => {
    expect(openingStep({ onboardingCompleted: false, onboardingStep: 2 })).toBe(2);
    expect(openingStep({ onboardingCompleted: true, onboardingStep: 1 })).toBe(1);
    expect(openingStep({ onboardingCompleted: true, onboardingStep: 5 })).toBe(0);
    expect(openingStep({ onboardingCompleted: false, onboardingStep: 5 })).toBe(4);
  });
});
