import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { policy, SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '../../../lib/policy';

export function ContactDetails() {
  return (
    <aside className="card contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title" className="card__title">
        Get in touch
      </h2>
      <dl className="contact-details__list">
        <div>
          <dt>
            <MailIcon /> Email
          </dt>
          <dd>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </dd>
        </div>
        <div>
          <dt>
            <PhoneIcon /> Phone
          </dt>
          <dd>
            <a href={SUPPORT_PHONE_HREF}>{SUPPORT_PHONE}</a>
          </dd>
        </div>
        <div>
          <dt>
            <MapPinIcon /> Office
          </dt>
          <dd>
            <address>
              Spotless Marketplace, Inc.
              <br />
              500 Congress Avenue, Suite 1200
              <br />
              Austin, TX 78701
            </address>
          </dd>
        </div>
        <div>
          <dt>
            <ClockIcon /> Support hours
          </dt>
          <dd>
            {SUPPORT_HOURS.map((hours) => (
              <p key={hours}>{hours}</p>
            ))}
          </dd>
        </div>
      </dl>
      <p className="contact-details__note">We answer every message within {policy.supportResponseHours} hours.</p>
    </aside>
  );
}
