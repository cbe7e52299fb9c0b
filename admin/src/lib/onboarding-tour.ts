import { create } from 'zustand';

/*
 * The welcome tour (the onboarding wizard) opens by itself until it is finished or closed; after
 * that, only when asked again ("Show the tour again" on the profile). The request lives here, in the
 * shared layer, so a page can ask without importing the onboarding feature (decision 043).
 */

const useTourRequest = create<{ requested: boolean }>()(() => ({ requested: false }));

/** Opens the welcome tour over the current page, even when it was finished or closed before. */
export function showOnboardingTour(): void {
  useTourRequest.setState({ requested: true });
}

/** Forgets a request to show the tour (it was closed or finished). */
export function clearOnboardingTourRequest(): void {
  useTourRequest.setState({ requested: false });
}

/** Whether the tour was asked for. */
export function useOnboardingTourRequested(): boolean {
  return useTourRequest((state) => state.requested);
}
