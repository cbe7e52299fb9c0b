import { Link } from '../lib/router';
import { AlertIcon } from './icons';
import { PageTitle } from './page-title';

export function NotFoundPage() {
  return (
    <section className="container page page--narrow not-found" data-testid="not-found">
      <PageTitle title="Page Not Found" />
      <AlertIcon className="not-found__icon" width={40} height={40} />
      <h1>Page Not Found</h1>
      <p className="lead">Did you forget to add the page to the router?</p>
      <Link to="/" className="btn btn--primary">
        Go to Find Cleaners
      </Link>
    </section>
  );
}
