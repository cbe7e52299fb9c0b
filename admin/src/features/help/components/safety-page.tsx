import type { ComponentType, SVGProps } from 'react';
import { FeatureCardGrid } from '../../../components/feature-card-grid';
import { AlertIcon, CardIcon, CheckIcon, PhoneIcon, ShieldIcon, StarIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { policy, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '../../../lib/policy';
import { Link } from '../../../lib/router';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const measures: { title: string; text: string; icon: Icon }[] = [
  {
    title: 'Background checks',
    text: 'Every cleaner completes identity verification and a criminal background check before accepting bookings. Verified profiles carry a Verified badge.',
    icon: ShieldIcon,
  },
  {
    title: 'Insurance and bonding',
    text: 'Insured and Bonded badges appear only after our team has checked the cleaner’s certificates, so you can see who is covered before you book.',
    icon: CheckIcon,
  },
  {
    title: 'Secure payments',
    text: 'Payments are processed by our PCI-compliant payment partner over encrypted connections. Card numbers are never stored on Spotless servers, and you never pay cash.',
    icon: CardIcon,
  },
  {
    title: 'Honest reviews',
    text: 'Only customers with a completed booking can review a cleaner, so ratings reflect real jobs. Reviews that break our rules can be reported.',
    icon: StarIcon,
  },
];

const tips: { title: string; items: string[] }[] = [
  {
    title: 'Before your service',
    items: [
      'Read the cleaner’s profile, badges and recent reviews.',
      'Put away valuables, cash and prescription medication.',
      'Add access instructions, pets and allergies to your booking notes.',
      'Keep all communication and payment inside Spotless.',
    ],
  },
  {
    title: 'During your service',
    items: [
      'Confirm the cleaner’s name matches the one in your booking.',
      'Walk through the priorities and any off-limits rooms together.',
      'Keep pets secured if they are anxious around visitors.',
      'If anything feels wrong, you may end the visit and contact support.',
    ],
  },
  {
    title: 'After your service',
    items: [
      'Check the work while it is fresh and raise concerns promptly.',
      `Report any damage within ${policy.damageReportHours} hours with “Report a problem” on the booking in My Bookings, with photos if possible: the cleaner’s payout waits until we have resolved it.`,
      'Rate and review your cleaner to help the next customer.',
      'Change door codes you shared, if you prefer.',
    ],
  },
];

export function SafetyPage() {
  return (
    <>
      <PageTitle title="Safety" />
      <section className="page-hero">
        <div className="container">
          <h1>Your safety comes first</h1>
          <p className="lead">
            How we vet professionals, protect payments, and what you can do before, during and after a clean.
          </p>
        </div>
      </section>

      <section className="container section" aria-labelledby="measures-title">
        <h2 id="measures-title" className="section__title">
          How we keep you safe
        </h2>
        <FeatureCardGrid items={measures} />
      </section>

      <section className="section section--tinted" aria-labelledby="tips-title">
        <div className="container">
          <h2 id="tips-title" className="section__title">
            Safety tips
          </h2>
          <div className="card-grid card-grid--3">
            {tips.map((group) => (
              <section key={group.title} className="card" aria-label={group.title}>
                <h3 className="feature-card__title">{group.title}</h3>
                <ul className="check-list">
                  {group.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="emergency-title">
        <h2 id="emergency-title" className="section__title">
          Emergencies and support
        </h2>
        <div className="card-grid card-grid--2">
          <div className="card emergency-card">
            <AlertIcon width={28} height={28} />
            <h3 className="feature-card__title">In an emergency, call 911</h3>
            <p>
              If anyone is in danger or a crime is in progress, call <a href="tel:911">911</a> first. Then let us know
              so we can help.
            </p>
          </div>
          <div className="card">
            <PhoneIcon width={28} height={28} />
            <h3 className="feature-card__title">Safety &amp; support hotline</h3>
            <p>
              Call <a href={SUPPORT_PHONE_HREF}>{SUPPORT_PHONE}</a> to report a safety concern or an incident. For
              anything else, <Link to="/contact">send us a message</Link>: we respond within{' '}
              {policy.supportResponseHours} hours.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
