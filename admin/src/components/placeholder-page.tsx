import { Link } from '../lib/router';
import { PageTitle } from './page-title';

interface PlaceholderPageProps {
  title: string;
  description?: string;
}

/** A route reserved for a page not built yet, so links to it do not end on the 404 page. */
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  return (
    <section className="container page page--narrow placeholder" data-testid="placeholder-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="placeholder__badge">Coming soon</p>
      {description ? <p className="lead">{description}</p> : null}
      <Link to="/" className="btn btn--primary">
        Find Cleaners
      </Link>
    </section>
  );
}
