import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import { policy, SUPPORT_EMAIL } from '../../../lib/policy';
import { Link } from '../../../lib/router';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <>
      <PageTitle title={title} />
      <section className="page-hero">
        <div className="container">
          <h1>{title}</h1>
          <p className="lead">Last updated: {updated}</p>
        </div>
      </section>
      <div className="container section legal">
        <nav aria-label="On this page" className="legal__toc">
          <h2 className="legal__toc-title">On this page</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="legal__body prose">
          {intro}
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

/** The closing section of every legal page: how to reach support, and how fast it answers. */
export function contactSection(title: string, question: string): LegalSection {
  return {
    id: 'contact',
    title,
    body: (
      <p>
        {question} E-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use our{' '}
        <Link to="/contact">contact form</Link>. Our support team responds within {policy.supportResponseHours} hours.
      </p>
    ),
  };
}
