import type { AuthUser, OnboardingPreferences } from '@spotless/sdk';

/** Five steps, 0 to 4; Complete Setup saves step 5 (docs/product/accounts.md). */
export const WIZARD_STEPS = 5;
export const COMPLETED_STEP = 5;

export const DEFAULT_PREFERENCES: OnboardingPreferences = {
  serviceTypes: [],
  location: { address: '' },
  budget: { min: 50, max: 200 },
  specialRequests: [],
  notifications: { email: true, sms: false, push: true },
};

/** The progress badge: (step + 1) / 5 as a whole percentage. */
export function progressPercent(step: number): number {
  return Math.round(((step + 1) / WIZARD_STEPS) * 100);
}

/** Budget inputs are whole numbers, falling back to 0 (docs/product/accounts.md). */
export function parseBudget(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value >= 0 ? value : 0;
}

/** Special requests split on comma plus space, empties dropped (docs/product/accounts.md). */
export function splitSpecialRequests(text: string): string[] {
  return text
    .split(', ')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Where the wizard resumes: the saved step (0 when none), never past the last screen. */
export function resumeStep(user: Pick<AuthUser, 'onboardingStep'>): number {
  return Math.min(Math.max(0, user.onboardingStep || 0), WIZARD_STEPS - 1);
}

/**
 * Where the wizard opens: a tour not yet finished or closed resumes at its saved step (see
 * `resumeStep`); one shown again resumes where it was closed, or from the start once finished.
 */
export function openingStep(user: Pick<AuthUser, 'onboardingStep' | 'onboardingCompleted'>): number {
  if (user.onboardingCompleted && (user.onboardingStep || 0) >= COMPLETED_STEP) return 0;
  return resumeStep(user);
}

/**
 * The pages the tour opens over by itself: the home page and the listing, where a new person starts
 * after signing up (docs/product/accounts.md). Never over a page someone is in the middle of — a
 * cleaner's profile, a booking, checkout, an application, a page an e-mail or a partner linked to —
 * where it would cover what they came to do (a guest's booking above all).
 */
export const TOUR_PAGES: readonly string[] = ['/', '/cleaners'];

/**
 * Whether the tour opens by itself over the page at `pathname` with query `search`: for a user who
 * has neither finished nor closed it (closing saves it as completed, as finishing does), on a
 * TOUR_PAGES page reached plainly — not a listing a link or a search filled in (`search`), which
 * someone came to for its results. It waits for their next plain visit there.
 */
export function opensByItself(user: Pick<AuthUser, 'onboardingCompleted'>, pathname: string, search = ''): boolean {
  if (user.onboardingCompleted) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TOUR_PAGES.includes(path) && (search === '' || search === '?');
}

export function initialPreferences(user: Pick<AuthUser, 'onboardingPreferences'>): OnboardingPreferences {
  const saved = user.onboardingPreferences;
  if (!saved) return DEFAULT_PREFERENCES;
  return {
    ...DEFAULT_PREFERENCES,
    ...saved,
    location: { ...DEFAULT_PREFERENCES.location, ...saved.location },
    budget: { ...DEFAULT_PREFERENCES.budget, ...saved.budget },
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...saved.notifications },
  };
}

export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}
