import { PageTitle } from '../../../components/page-title';
import { useSignOut } from '../../../entities/account/api/account.mutations';
import { useNavigate } from '../../../lib/router';

/**
 * Where a sign-out link from another site lands (GET /api/logout refuses those): signing out
 * takes the visitor's own click here.
 */
export function LogoutPage() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <section className="container page page--narrow auth-page">
      <PageTitle title="Sign Out" />
      <div className="card auth-card">
        <h1 className="auth-card__title">Sign out of Spotless?</h1>
        <p className="auth-card__lead">You will need to sign in again to see your bookings.</p>
        <div className="form__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) })}
          >
            {signOut.isPending ? 'Signing out...' : 'Sign Out'}
          </button>
          <button type="button" className="btn btn--outline" onClick={() => navigate('/')}>
            Stay Signed In
          </button>
        </div>
      </div>
    </section>
  );
}
