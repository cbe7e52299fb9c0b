import { FeatureCardGrid } from '../../../components/feature-card-grid';
import { PageTitle } from '../../../components/page-title';
import { ImpactFigures } from './platform-figures';

const values = [
  {
    title: 'Trust and safety',
    text: 'Every professional is identity-verified and background-checked, and insurance and bonding are shown openly on every profile.',
  },
  {
    title: 'Quality you can see',
    text: 'Ratings come only from customers who completed a booking, so a profile reflects real work in real homes.',
  },
  {
    title: 'Fair to cleaners',
    text: 'Cleaners set their own hourly rates and hours, keep their tips, and are paid promptly for every completed job.',
  },
  {
    title: 'Straightforward pricing',
    text: 'You see the hourly rate before you book and the full price before you pay. No hidden fees, no surprises.',
  },
];

export function AboutPage() {
  return (
    <>
      <PageTitle title="About Us" />
      <section className="page-hero">
        <div className="container">
          <h1>About Spotless</h1>
          <p className="lead">
            We make it simple to find a cleaning professional you can trust, and we help independent cleaners build a
            business they are proud of.
          </p>
        </div>
      </section>

      <section className="container section prose-section" aria-labelledby="mission-title">
        <h2 id="mission-title" className="section__title">
          Our mission
        </h2>
        <p>
          Letting someone into your home takes trust. Our mission is to earn it: by vetting every professional on the
          platform, by making prices and reviews transparent, and by standing behind every booking with responsive
          support. A clean home should give you time back, not another thing to worry about.
        </p>
      </section>

      <section className="section section--tinted" aria-labelledby="values-title">
        <div className="container">
          <h2 id="values-title" className="section__title">
            What we value
          </h2>
          <FeatureCardGrid items={values} />
        </div>
      </section>

      <section className="container section prose-section" aria-labelledby="story-title">
        <h2 id="story-title" className="section__title">
          Our story
        </h2>
        <p>
          Spotless started when our founders, a former house cleaner and a software engineer, saw the same problem from
          both sides. Customers struggled to find someone reliable, and skilled cleaners struggled to find steady
          clients without giving away a large share of what they earned.
        </p>
        <p>
          So we built a marketplace that works for both: customers compare verified professionals by rating, price and
          experience, and cleaners run their own schedules with the tools of a much larger company. Today Spotless
          serves homes and offices in cities across the United States.
        </p>
      </section>

      <section className="container section" aria-labelledby="impact-title">
        <h2 id="impact-title" className="section__title section__title--center">
          Our impact
        </h2>
        <ImpactFigures />
      </section>
    </>
  );
}
