import { policy } from '@spotless/sdk/help';
import type { ComponentType, SVGProps } from 'react';
import { FeatureCardGrid } from '../../../components/feature-card-grid';
import {
  BuildingIcon,
  CardIcon,
  CheckIcon,
  ClockIcon,
  HomeIcon,
  ShieldIcon,
  SparkleIcon,
  TruckIcon,
} from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { LOGIN_PATH } from '../../../lib/query-client';
import { Link } from '../../../lib/router';
import { HeroFigures, PriceRangeSentence } from './platform-figures';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const benefits: { title: string; text: string; icon: Icon }[] = [
  {
    title: 'Vetted professionals',
    text: 'Every cleaner passes an identity check and a background check before their first job.',
    icon: ShieldIcon,
  },
  {
    title: 'Insured and bonded',
    text: 'Insured and bonded cleaners carry a badge on their profile, so you always know who is covered.',
    icon: CheckIcon,
  },
  {
    title: 'Secure payments',
    text: 'Pay by card through our encrypted payment partner. Your card number never touches our servers.',
    icon: CardIcon,
  },
  {
    title: 'Flexible scheduling',
    text: `Book the time that suits you and reschedule for free up to ${policy.rescheduleFreeHours} hours before the visit.`,
    icon: ClockIcon,
  },
];

const services: { title: string; text: string; serviceType: string; icon: Icon }[] = [
  {
    title: 'House Cleaning',
    text: 'Regular dusting, vacuuming, kitchens and bathrooms, weekly or whenever you need it.',
    serviceType: 'residential',
    icon: HomeIcon,
  },
  {
    title: 'Deep Cleaning',
    text: 'A top-to-bottom clean for the spots a regular visit skips: baseboards, grout, appliances.',
    serviceType: 'deep',
    icon: SparkleIcon,
  },
  {
    title: 'Office Cleaning',
    text: 'Reliable cleaning for offices and small businesses, before or after working hours.',
    serviceType: 'commercial',
    icon: BuildingIcon,
  },
  {
    title: 'Move-in/Out',
    text: 'Leave the old place spotless for the deposit and find the new one ready on day one.',
    serviceType: 'moveout',
    icon: TruckIcon,
  },
];

/** The landing page for signed-out visitors (docs/product/discovery.md); its figures are the server's (platform-figures). */
export function LandingPage() {
  return (
    <>
      <PageTitle title="Book trusted home cleaners" />
      <section className="hero hero--landing">
        <div className="container hero__inner hero__inner--split">
          <div>
            <p className="eyebrow">Cleaning, without the guesswork</p>
            <h1 className="hero__title">A spotless home, booked in minutes</h1>
            <p className="hero__lead">
              Spotless connects you with background-checked, insured and bonded cleaning professionals. Compare ratings
              and hourly rates, book a time that suits you and pay securely online.
            </p>
            <div className="button-row">
              <a href={LOGIN_PATH} className="btn btn--primary btn--lg">
                Get Started
              </a>
              <Link to="/cleaners" className="btn btn--outline btn--lg">
                Browse Cleaners
              </Link>
            </div>
          </div>
          <div className="hero__art">
            <HeroFigures />
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="section__title section__title--center">
          Why customers choose Spotless
        </h2>
        <FeatureCardGrid items={benefits} />
      </section>

      <section className="section section--tinted" aria-labelledby="services-title">
        <div className="container">
          <h2 id="services-title" className="section__title section__title--center">
            Services for every space
          </h2>
          <FeatureCardGrid
            accent
            items={services.map((service) => ({
              ...service,
              footer: (
                <Link to={`/cleaners?serviceType=${service.serviceType}`} className="text-link">
                  Find {service.title.toLowerCase()} pros
                </Link>
              ),
            }))}
          />
        </div>
      </section>

      <section className="container section" aria-labelledby="cta-title">
        <div className="cta">
          <h2 id="cta-title">Ready for a cleaner home?</h2>
          <p>
            Sign in to book your first clean.
            <PriceRangeSentence />
          </p>
          <div className="button-row button-row--center">
            <a href={LOGIN_PATH} className="btn btn--light btn--lg">
              Get Started
            </a>
            <Link to="/how-it-works" className="btn btn--on-dark btn--lg">
              See how it works
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
