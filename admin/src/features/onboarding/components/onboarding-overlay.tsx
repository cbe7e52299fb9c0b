import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '../../../lib/auth';
import { clearOnboardingTourRequest, useOnboardingTourRequested } from '../../../lib/onboarding-tour';
import { useLocation } from '../../../lib/router';
import { opensByItself } from '../utils/wizard';

// Most visitors never see the wizard (signed out, or done with it), so its code loads only when it opens.
const OnboardingWizard = lazy(() => import('./onboarding-wizard').then((m) => ({ default: m.OnboardingWizard })));

/**
 * The onboarding wizard (docs/product/accounts.md), opening by itself on the home page or the
 * listing while the signed-in user has not finished onboarding — or closed it, which is saved as
 * finishing is — and never over a page they are in the middle of (see `opensByItself`); and again
 * whenever asked for ("Show the tour again").
 */
export function OnboardingOverlay() {
  const { user } = useCurrentUser();
  const { pathname, search } = useLocation();
  const requested = useOnboardingTourRequested();
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  if (!user) return null;
  const due = opensByItself(user, pathname, search) && dismissedFor !== user.id;
  if (!due && !requested) return null;
  const done = () => {
    setDismissedFor(user.id);
    clearOnboardingTourRequest();
  };
  return (
    <Suspense fallback={null}>
      <OnboardingWizard key={user.id} user={user} onDone={done} />
    </Suspense>
  );
}
