import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { PageTitle } from './page-title';

/** Shown inside the layout when a page throws while rendering or loading. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="container page page--narrow not-found" role="alert">
      <PageTitle title="Something went wrong" />
      <h1>Something went wrong</h1>
      <p className="lead">This page could not be shown. Please reload, or go back to the cleaner listing.</p>
      <Link to="/" className="btn btn--primary">
        Go to Find Cleaners
      </Link>
    </section>
  );
}
