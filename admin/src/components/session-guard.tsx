import { type ComponentType, useEffect } from 'react';
import { useSession } from '../lib/auth';
import { ADMIN_LOGIN_PATH, LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from '../lib/query-client';
import { useLocation } from '../lib/router';
import { toast } from '../lib/toast';
import { PageLoading } from './page-loading';
import { PageTitle } from './page-title';

/**
 * Whose page it is: a signed-in person's, the admin area's (an administrator session), or either's
 * (/payments: a person's own payments, or every payment for an administrator).
 */
export type SessionArea = 'person' | 'admin' | 'person-or-admin';

/**
 * Where a visitor refused a page goes: the sign-in page, coming back here after (the admin area:
 * its own login page).
 */
export function signInPathFor(area: SessionArea, returnUrl: string): string {
  return area === 'admin' ? ADMIN_LOGIN_PATH : `${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/**
 * A page for signed-in people (or the admin area) that first asks who is signed in — the session
 * state, which answers a visitor 200 — and only then shows the page: signed out, the page never
 * renders, so none of its reads is sent to be refused with a 401 (decision 046). The visitor sees
 * 'Unauthorized' / 'You are logged out. Logging in again...' and is sent to sign in after 500 ms
 * (docs/product/accounts.md).
 */
export function withSession(Page: ComponentType, area: SessionArea): ComponentType {
  function Guarded() {
    const shown = sessionDecision(area, useSession());
    if (shown === 'wait') return <PageLoading />;
    if (shown === 'sign-in') return <SignInNeeded area={area} />;
    return <Page />;
  }
  Guarded.displayName = `WithSession(${Page.displayName ?? Page.name})`;
  return Guarded;
}

/**
 * What a guarded page shows for the session as read: the page, a wait while the session is read
 * (again, as the page opens: a sign-in or admin login just made counts), or the way to sign in.
 */
export function sessionDecision(
  area: SessionArea,
  session: { user: unknown; admin: boolean; isLoading: boolean; isFetching: boolean },
): 'page' | 'wait' | 'sign-in' {
  const { user, admin } = session;
  const allowed = area === 'admin' ? admin : user !== null || (area === 'person-or-admin' && admin);
  if (session.isLoading || (!allowed && session.isFetching)) return 'wait';
  return allowed ? 'page' : 'sign-in';
}

function SignInNeeded({ area }: { area: SessionArea }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(
      () => window.location.assign(signInPathFor(area, `${pathname}${search}`)),
      LOGIN_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [area, pathname, search]);
  return (
    <section className="container page page--narrow" data-testid="sign-in-needed">
      <PageTitle title="Sign in" />
      <p className="lead" role="status">
        {area === 'admin' ? 'Administrators only. Redirecting to the admin login...' : 'Please sign in. Redirecting...'}
      </p>
    </section>
  );
}
