import { Link } from '../lib/router';
import { PageTitle } from './page-title';

/** The state for an unknown or unavailable cleaner id (docs/product/discovery.md, docs/product/booking-and-payments.md). */
export function CleanerNotFound({ className }: { className: string }) {
  return (
    <div className={className}>
      <PageTitle title="Cleaner Not Found" />
      <div className="empty-state" data-testid="cleaner-not-found">
        <h1>Cleaner Not Found</h1>
        <p>The cleaner you are looking for does not exist or is no longer available.</p>
        <Link to="/cleaners" className="btn btn--primary">
          Back to Cleaners
        </Link>
      </div>
    </div>
  );
}
