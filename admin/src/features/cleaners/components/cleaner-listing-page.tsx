import '../cleaners.css';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { CheckIcon, ClockIcon, PhoneIcon, SearchIcon, ShieldIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { policy } from '../../../lib/policy';
import { useSearchParams } from '../../../lib/router';
import { type ListingFilters, readFilters, writeFilters } from '../utils/listing-filters';
import { searchBarVisible } from '../utils/scroll-visibility';
import { ActiveFilterChips } from './active-filter-chips';
import { CleanerResults } from './cleaner-results';
import { FeaturedPros } from './featured-pros';
import { ListingSearchBar } from './listing-search-bar';

const TRUST_TILES = [
  { title: 'Background Checked', text: 'Every professional passes identity and background checks.', Icon: ShieldIcon },
  { title: 'Insured & Bonded', text: 'Your home and belongings are protected on every job.', Icon: CheckIcon },
  { title: 'Fast Response', text: 'Most cleaners reply to requests within 24 hours.', Icon: ClockIcon },
  // Messages are taken at any hour and answered within the support policy's time (sdk/src/help/policy.ts).
  {
    title: 'Customer Support 24/7',
    text: `Write to us any time, day or night: we reply within ${policy.supportResponseHours} hours.`,
    Icon: PhoneIcon,
  },
] as const;

interface CleanerListingPageProps {
  /** The Daily Tips block, composed by the route table (features do not import each other). */
  tips?: ReactNode;
}

/** The listing on / and /cleaners (docs/product/discovery.md), its filters synced with the address bar. */
export function CleanerListingPage({ tips }: CleanerListingPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const filterKey = writeFilters(filters).toString();
  const bar = useRef<HTMLDivElement>(null);
  const afterBar = useRef<HTMLElement>(null);
  const barVisible = useSearchBarVisibility(bar, afterBar);

  const search = (next: ListingFilters) => setSearchParams(writeFilters(next));
  const clear = () => setSearchParams(new URLSearchParams());
  const jump = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <>
      <PageTitle title="Find Cleaners" />
      <section className="hero hero--listing">
        <div className="container hero__inner">
          <p className="eyebrow">Vetted · Insured · Bonded</p>
          <h1 className="hero__title">Find trusted cleaning professionals near you</h1>
          <p className="hero__lead">
            Compare background-checked cleaners by rating, price and experience, then book the one that fits your home
            in minutes.
          </p>
          <nav className="button-row quick-jump" aria-label="Jump to">
            <button type="button" className="btn btn--light" onClick={() => jump('featured-pros')}>
              Featured Pros
            </button>
            <button type="button" className="btn btn--light" onClick={() => jump('daily-tips')}>
              Daily Tips
            </button>
            <button type="button" className="btn btn--light" onClick={() => jump('all-professionals')}>
              All Professionals
            </button>
          </nav>
        </div>
      </section>
      <div
        ref={bar}
        className={barVisible ? 'container search-bar-wrap' : 'container search-bar-wrap is-hidden'}
        data-testid="sticky-search"
      >
        <div className="search-card">
          <ListingSearchBar key={filterKey} filters={filters} onSearch={search} onClear={clear} />
          <ActiveFilterChips
            filters={filters}
            onChange={search}
            onEmptied={() => bar.current?.querySelector<HTMLElement>('input, select')?.focus()}
          />
        </div>
      </div>
      <section ref={afterBar} className="container section" aria-label="Why Spotless">
        <ul className="trust-tiles">
          {TRUST_TILES.map(({ title, text, Icon }) => (
            <li key={title} className="feature-card" data-testid="trust-tile">
              <Icon className="feature-card__icon" width={24} height={24} aria-hidden="true" />
              <h2 className="feature-card__title">{title}</h2>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <FeaturedPros key={`featured-${filterKey}`} filters={filters} />
      {tips ? (
        <section id="daily-tips" className="container section" aria-labelledby="daily-tips-title">
          <h2 id="daily-tips-title" className="section__title">
            Daily Tips
          </h2>
          {tips}
        </section>
      ) : null}
      <CleanerResults key={filterKey} filters={filters} onClearFilters={clear} />
      <button
        type="button"
        className={barVisible ? 'floating-search' : 'floating-search is-shown'}
        aria-label="Back to search"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        <SearchIcon width={22} height={22} aria-hidden="true" />
      </button>
    </>
  );
}

/**
 * Hides the sticky bar on scroll down and shows it on scroll up (applied on mobile by CSS), but only
 * once the bar's own place in the page (just above `afterBar`) has scrolled under the sticky
 * position: hidden any earlier, it would leave that place as a blank gap.
 */
function useSearchBarVisibility(bar: RefObject<HTMLElement | null>, afterBar: RefObject<HTMLElement | null>) {
  const [visible, setVisible] = useState(true);
  const lastY = useRef(0);
  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      const stickyTop = bar.current ? Number.parseFloat(getComputedStyle(bar.current).top) || 0 : 0;
      const placeScrolledAway = (afterBar.current?.getBoundingClientRect().top ?? 0) <= stickyTop;
      // Read before the update: React may run the updater after lastY has moved on.
      const previousY = lastY.current;
      lastY.current = y;
      setVisible((current) => searchBarVisible(previousY, y, current, placeScrolledAway));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [bar, afterBar]);
  return visible;
}
