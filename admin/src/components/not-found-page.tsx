import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from '../lib/router';
import { AlertIcon, SearchIcon } from './icons';
import { PageTitle } from './page-title';

/**
 * Any path the route table lacks (docs/product/README.md: 'Page Not Found' and its sentence; the
 * server answers it 404, decision 046). A way on from here: a search that opens the listing with
 * its keyword, and links to the listing and the help centre.
 */
export function NotFoundPage() {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    navigate(query ? `/cleaners?${new URLSearchParams({ query })}` : '/cleaners');
  };
  return (
    <section className="container page page--narrow not-found" data-testid="not-found">
      <PageTitle title="Page Not Found" />
      <AlertIcon className="not-found__icon" width={40} height={40} />
      <h1>Page Not Found</h1>
      <p className="lead">Did you forget to add the page to the router?</p>
      <search className="not-found__search" aria-label="Search cleaners">
        <form className="field not-found__form" onSubmit={search}>
          <label htmlFor={`${id}-query`}>Looking for a cleaner?</label>
          <div className="not-found__row">
            <input
              id={`${id}-query`}
              type="search"
              name="query"
              placeholder="Name, service or city"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className="btn btn--primary">
              <SearchIcon width={18} height={18} aria-hidden="true" />
              Search
            </button>
          </div>
        </form>
      </search>
      <nav className="button-row button-row--center" aria-label="Ways on">
        <Link to="/cleaners" className="btn btn--outline">
          Browse all cleaners
        </Link>
        <Link to="/help-center" className="btn btn--outline">
          Help Center
        </Link>
      </nav>
    </section>
  );
}
