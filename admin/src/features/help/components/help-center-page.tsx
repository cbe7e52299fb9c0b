import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { ChevronIcon, SearchIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { policy, SUPPORT_EMAIL } from '../../../lib/policy';
import { Link, useLocation } from '../../../lib/router';
import { payoutTermsQuery } from '../api/payout-terms.queries';
import { cleanerPayFaq } from '../utils/cleaner-pay';
import { FAQ_GROUPS, filterFaq } from '../utils/faq';
import { openHashTarget } from '../utils/hash-target';

export function HelpCenterPage() {
  const id = useId();
  const { hash } = useLocation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  // How cleaners are paid, with the server's figures (decision 085); the other groups are static.
  const terms = useQuery(payoutTermsQuery);
  const all = useMemo(() => (terms.data ? [...FAQ_GROUPS, cleanerPayFaq(terms.data)] : FAQ_GROUPS), [terms.data]);
  const groups = filterFaq(all, deferredQuery);
  // A link to an article (`#damage`), on load and on every hash change: open it and scroll to it —
  // again once the cleaners' answers arrive, for a link to one of them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the groups shown change
  useEffect(() => {
    if (!hash) return;
    setQuery('');
    openHashTarget(hash, document);
  }, [hash, all]);
  const count = groups.reduce((sum, group) => sum + group.entries.length, 0);
  const searching = deferredQuery.trim() !== '';

  return (
    <>
      <PageTitle title="Help Center" />
      <section className="page-hero">
        <div className="container">
          <h1>Help Center</h1>
          <p className="lead">Answers about booking, payments and safety on Spotless.</p>
          <search className="help-search">
            <label htmlFor={`${id}-search`} className="visually-hidden">
              Search help articles
            </label>
            <SearchIcon className="help-search__icon" />
            <input
              id={`${id}-search`}
              type="search"
              placeholder="Search for answers, e.g. cancel or payment"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </search>
        </div>
      </section>

      <div className="container section">
        <p className="help-results" aria-live="polite" data-testid="faq-count">
          {searching ? `${count} ${count === 1 ? 'answer' : 'answers'} found` : ''}
        </p>
        {groups.length === 0 ? (
          <div className="empty-state">
            <h2>No answers match “{deferredQuery.trim()}”</h2>
            <p>
              Try another word, or <Link to="/contact">contact our support team</Link> — we respond within{' '}
              {policy.supportResponseHours} hours.
            </p>
          </div>
        ) : (
          <div className="faq-groups">
            {groups.map((group) => (
              <section key={group.title} className="faq-group" aria-labelledby={`${id}-${group.title}`}>
                <h2 id={`${id}-${group.title}`} className="faq-group__title">
                  {group.title}
                </h2>
                <div className="faq-list">
                  {group.entries.map((entry) => (
                    <details key={entry.id} id={entry.id} className="faq-item" data-testid="faq-item">
                      <summary>
                        <span>{entry.question}</span>
                        <ChevronIcon className="faq-item__chevron" />
                      </summary>
                      <p>{entry.answer}</p>
                    </details>
                  ))}
                </div>
              </section>
            ))}
          </div>
        )}
        <aside className="card help-contact" aria-labelledby={`${id}-contact`}>
          <h2 id={`${id}-contact`} className="card__title">
            Still need help?
          </h2>
          <p>
            Our support team responds within {policy.supportResponseHours} hours. Email{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or send us a message.
          </p>
          <Link to="/contact" className="btn btn--primary">
            Contact Support
          </Link>
        </aside>
      </div>
    </>
  );
}
