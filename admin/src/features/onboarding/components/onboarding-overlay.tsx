import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '../../../lib/auth';

// Most visitors never see the wizard (signed out, or done with it), so its code loads only when it opens.
const OnboardingWizard = lazy(() => import('./onboarding-wizard').then((m) => ({ default: m.OnboardingWizard })));

/** Spec 02 §2: shown over every route while the signed-in user has not finished onboarding. */
export function OnboardingOverlay() {
  const { user } = useCurrentUser();
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  if (!user || user.onboardingCompleted || dismissedFor === user.id) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingWizard key={user.id} user={user} onDone={() => setDismissedFor(user.id)} />
    </Suspense>
  );
}
