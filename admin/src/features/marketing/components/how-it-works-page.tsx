import { policy } from '@spotless/sdk/help';
import { PageTitle } from '../../../components/page-title';
import { Link } from '../../../lib/router';

const steps = [
  {
    title: 'Search and browse',
    text: 'Enter your city or ZIP code and the service you need. Compare professionals by rating, hourly rate, experience and credentials such as Insured, Bonded and Verified.',
  },
  {
    title: 'Book and schedule',
    text: `Pick a date and time that suit you, add your address and any special instructions, and pay securely by card. You can reschedule for free up to ${policy.rescheduleFreeHours} hours before the visit.`,
  },
  {
    title: 'Get cleaned',
    text: 'Your professional arrives on time with the supplies the job needs. Relax, or get on with your day, while your home gets the attention it deserves.',
  },
  {
    title: 'Rate and review',
    text: 'After the job is completed, rate your cleaner and leave a review. Your feedback helps other customers choose and helps great cleaners stand out.',
  },
];

export function HowItWorksPage() {
  return (
    <>
      <PageTitle title="How It Works" />
      <section className="page-hero">
        <div className="container">
          <h1>How Spotless works</h1>
          <p className="lead">From search to sparkling in four simple steps.</p>
        </div>
      </section>
      <section className="container section" aria-labelledby="steps-title">
        <h2 id="steps-title" className="visually-hidden">
          The four steps
        </h2>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step.title} className="card step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="step__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="container section" aria-labelledby="start-title">
        <div className="cta">
          <h2 id="start-title">Ready to get started?</h2>
          <p>Find a professional near you, or join our community of independent cleaners.</p>
          <div className="button-row button-row--center">
            <Link to="/cleaners" className="btn btn--light btn--lg">
              Find Cleaners
            </Link>
            <Link to="/apply-cleaner" className="btn btn--on-dark btn--lg">
              Become a Cleaner
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
