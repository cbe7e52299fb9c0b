import { describe, expect, it } from 'vitest';
import { emailProblems, urlsIn } from '../test/email-checks';
import { emailGallery, SAMPLE_BOOKING, TEMPLATE_MODULES } from '../test/email-gallery';
import { cancellationSentence } from './booking-emails';
import { firstNameOf, greeting, link, sentence, whenText, zoneShortName } from './email';

/**
 * Every e-mail template (decision 072), rendered as the gallery renders it: a greeting by first
 * name, plain sentences, times on the booking's clock with the zone's short name, every link
 * absolute and to a page that exists, and a sign-off.
 */
const SITE = 'http://127.0.0.1:8787';
const gallery = emailGallery(SITE);

describe('the e-mail templates', () => {
  it('are all in the gallery: every template module’s `…Email` function has a case', () => {
    const templates = Object.values(TEMPLATE_MODULES).flatMap((module) =>
      Object.entries(module)
        .filter(([name, value]) => typeof value === 'function' && name.endsWith('Email'))
        .map(([name]) => name),
    );
    expect(templates.length).toBeGreaterThanOrEqual(15);
    const names = Object.keys(gallery);
    expect(templates.filter((t) => !names.some((n) => n === t || n.startsWith(`${t}-`)))).toEqual([]);
  });

  it.each(Object.entries(gallery))('%s reads as a person wrote it, and its links are absolute', (_name, email) => {
    expect(emailProblems(email, SITE)).toEqual([]);
  });

  it('puts every link on the site it is given, with nothing relative left over', () => {
    const elsewhere = emailGallery('https://spotless.example');
    for (const [name, email] of Object.entries(elsewhere)) {
      // The guest-link e-mail's links are made by the caller; every other link comes from `site`.
      for (const url of urlsIn(email.body)) expect(url, name).toMatch(/^https:\/\/spotless\.example\//);
      expect(emailProblems(email, 'https://spotless.example'), name).toEqual([]);
    }
    expect(urlsIn(gallery.verifyEmailEmail?.body ?? '')).toEqual([
      `${SITE}/verify-email?token=q3Jx0s2v9bGk7WmT1hYc4nLp8aRz6eUd5fIo0jKw2Ps`,
    ]);
  });

  it('catches what it is for: a relative link, an ISO date, an IANA zone, no greeting, a machine line', () => {
    const good = gallery['bookingConfirmedEmail-paid'] as { subject: string; body: string };
    const broken = (body: string) => emailProblems({ subject: good.subject, body }, SITE);
    expect(broken(good.body.replace(`${SITE}/dashboard`, '/dashboard'))).toContainEqual(
      expect.stringMatching(/relative link/),
    );
    expect(broken(good.body.replace('Saturday, November 28, 2026 at 10:00 AM CST', '2026-11-28 at 10:00'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/ISO date/), expect.stringMatching(/24-hour time/)]),
    );
    expect(broken(good.body.replace('CST', '(America/Chicago)'))).toContainEqual(expect.stringMatching(/IANA/));
    expect(broken(good.body.replace('Hi Sam,', 'When: soon'))).toContainEqual(expect.stringMatching(/greeting/));
    expect(broken(good.body.replace('Thanks,', ''))).toContainEqual('no sign-off');
    expect(broken(`${good.body}\nPayment Successful: Your booking has been confirmed!`)).toContainEqual(
      expect.stringMatching(/machine-style/),
    );
    expect(broken(good.body.replace(`${SITE}/dashboard`, `${SITE}/bookings`))).toContainEqual(
      expect.stringMatching(/link to no page/),
    );
  });
});

describe('the money split in the booking e-mails', () => {
  it('tells the customer who receives what they paid, and the cleaner what they earn, by the split', () => {
    // $135.00 at a 15% platform fee: $114.75 to the cleaner, $20.25 kept.
    expect(gallery['bookingConfirmedEmail-paid']?.body).toContain(
      "Of which: $114.75 to Maria Lopez, $20.25 Spotless's 15% platform fee",
    );
    expect(gallery.newBookingEmail?.body).toContain("You earn: $114.75 after Spotless's 15% platform fee");
  });
});

describe('the pieces every e-mail is made of', () => {
  it('greets by first name, or says hello', () => {
    expect(greeting('Sam')).toBe('Hi Sam,');
    expect(greeting('  ')).toBe('Hello,');
    expect(greeting(null)).toBe('Hello,');
    expect(firstNameOf('Gail  Guest')).toBe('Gail');
    expect(firstNameOf('')).toBeNull();
    expect(sentence('Blurry scan')).toBe('Blurry scan.');
    expect(sentence('Blurry scan!')).toBe('Blurry scan!');
  });

  it('writes a time on the booking’s clock with its zone’s short name, summer and winter alike', () => {
    expect(whenText(SAMPLE_BOOKING.startsAt, 'America/Chicago')).toBe('Saturday, November 28, 2026 at 10:00 AM CST');
    expect(whenText(new Date('2027-06-05T13:30:00Z'), 'America/New_York')).toBe(
      'Saturday, June 5, 2027 at 9:30 AM EDT',
    );
    expect(whenText(new Date('2026-11-28T00:05:00Z'), 'America/Los_Angeles')).toBe(
      'Friday, November 27, 2026 at 4:05 PM PST',
    );
    // Where English has no abbreviation: an offset, never the IANA name.
    expect(zoneShortName(new Date('2026-11-28T00:00:00Z'), 'Asia/Kolkata')).toMatch(/^GMT\+5:30$/);
  });

  it('says until when cancelling is free, 24 hours before the start, and the fee of one hour after', () => {
    expect(cancellationSentence(SAMPLE_BOOKING, true)).toBe(
      'You can cancel for free until Friday, November 27, 2026 at 10:00 AM CST, 24 hours before the start. ' +
        "After that, cancelling keeps the cleaner's fee of $45.00 (one hour at the booked rate) and refunds the rest.",
    );
    // Booked with less than 24 hours to go: no deadline already gone is offered.
    const late = new Date(SAMPLE_BOOKING.startsAt.getTime() - 16 * 60 * 60 * 1000);
    expect(cancellationSentence(SAMPLE_BOOKING, true, late)).toBe(
      "This booking starts within 24 hours, so cancelling it is not free: it keeps the cleaner's fee of $45.00 (one hour at the booked rate) and refunds the rest.",
    );
  });

  it('makes only absolute links on the site, and refuses a path without its slash', () => {
    expect(link('http://127.0.0.1:8787', '/reset-password', { token: 'a b' })).toBe(
      'http://127.0.0.1:8787/reset-password?token=a+b',
    );
    expect(() => link('http://127.0.0.1:8787', 'dashboard')).toThrow(/starts with/);
  });
});
