import { Component, type ReactNode } from 'react';
import { Link } from '../lib/router';
import { PageTitle } from './page-title';

/** Shown inside the layout when a page throws while rendering or while its code loads. */
export function RouteErrorPage() {
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

/**
 * Catches what a page throws (a render error, a chunk that failed to load) and shows
 * `RouteErrorPage` in its place, keeping the header, footer and chat; going to another address
 * tries again.
 */
export class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { pathname: string }) {
    if (this.state.failed && previous.pathname !== this.props.pathname) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
