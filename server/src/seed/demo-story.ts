import { CITIES } from '@spotless/sdk/cities';
import { addDays, toLocal } from '../lib/time';
import { addBooking } from './bookings';
import { DEMO_PARTNER_KEY } from './demo-accounts';
import type { DemoData } from './demo-data';
import { pickServiceTypes } from './people';
import * as w from './words';

/**
 * The demo accounts' story: the demo customer's bookings in every status, the demo cleaner's
 * queue, time off, favourites, applications to review, and the demo partner.
 */
export function addDemoStory(data: DemoData): void {
  const { demoCustomerId, demoCleanerId, rand, now, today, services, rows } = data;
  if (demoCustomerId === undefined || demoCleanerId === undefined) return;
  const customerIds = data.customerIds;
  const firstCleanerId = data.firstCleanerId;
  const c = demoCustomerId;
  const jd = demoCleanerId;
  const other = (n: number) => firstCleanerId + ((n * 37) % Math.max(1, data.options.cleaners - 1));
  const regular = services.find((s) => s.type === 'regular')!.id;
  const deep = services.find((s) => s.type === 'deep')!.id;
  const moveout = services.find((s) => s.type === 'moveout')!.id;
  const workday = (offset: number) => nextWorkday(addDays(today, offset));
  // The demo customer: every status, with the demo cleaner and others.
  addBooking(data, {
    customerId: c,
    cleanerId: jd,
    serviceId: regular,
    status: 'pending',
    date: workday(3),
    time: '09:00',
    paid: false,
  });
  addBooking(data, {
    customerId: c,
    cleanerId: other(1),
    serviceId: deep,
    status: 'pending',
    date: workday(9),
    time: '10:00',
    paid: false,
  });
  addBooking(data, {
    customerId: c,
    cleanerId: jd,
    serviceId: deep,
    status: 'confirmed',
    date: workday(5),
    time: '13:00',
    paid: true,
  });
  addBooking(data, {
    customerId: c,
    cleanerId: other(2),
    serviceId: regular,
    status: 'confirmed',
    date: workday(14),
    time: '09:00',
    paid: true,
  });
  const startedHourAgo = toLocal(new Date(now.getTime() - 3_600_000), data.cleaner(other(3)).timeZone);
  addBooking(data, {
    customerId: c,
    cleanerId: other(3),
    serviceId: regular,
    status: 'in_progress',
    date: startedHourAgo.date,
    time: `${startedHourAgo.time.slice(0, 2)}:00`,
    paid: true,
  });
  for (const [n, reviewed] of [
    [0, true],
    [4, true],
    [5, true],
    [6, false],
  ] as const) {
    addBooking(data, {
      customerId: c,
      // The unreviewed job (n = 6) is the demo cleaner's too, so the demo cleaner can answer its review.
      cleanerId: n === 0 || n === 6 ? jd : other(n),
      serviceId: n === 5 ? moveout : regular,
      status: 'completed',
      date: workday(-30 * (n + 1)),
      time: '09:00',
      paid: true,
      reviewed,
    });
  }
  // A job that ended a few hours ago: inside the 24 hours in which its customer can report a problem.
  const endedHoursAgo = toLocal(new Date(now.getTime() - 5 * 3_600_000), data.cleaner(other(8)).timeZone);
  addBooking(data, {
    customerId: c,
    cleanerId: other(8),
    serviceId: regular,
    status: 'completed',
    date: endedHoursAgo.date,
    time: `${endedHoursAgo.time.slice(0, 2)}:00`,
    paid: true,
    reviewed: false,
  });
  addBooking(data, {
    customerId: c,
    cleanerId: other(7),
    serviceId: regular,
    status: 'cancelled',
    date: workday(-12),
    time: '09:00',
    paid: false,
    refunded: true,
  });
  addBooking(data, {
    customerId: c,
    cleanerId: jd,
    serviceId: regular,
    status: 'cancelled',
    date: workday(-20),
    time: '13:00',
    paid: true,
    cancelledLate: true,
  });
  // The demo cleaner's queue: requests to accept or decline, and confirmed jobs.
  for (let i = 0; i < 6; i++) {
    addBooking(data, {
      customerId: customerIds[i]!,
      cleanerId: jd,
      serviceId: i % 2 ? deep : regular,
      status: i < 3 ? 'pending' : 'confirmed',
      date: workday(1 + i * 2),
      time: i % 2 ? '13:00' : '08:00',
      paid: i >= 3,
    });
  }
  rows.timeOff.push({
    cleanerId: jd,
    startDate: addDays(today, 21),
    endDate: addDays(today, 23),
    reason: 'Family trip',
    isRecurring: false,
  });
  rows.favourites.push(
    { userId: c, cleanerId: jd },
    { userId: c, cleanerId: other(2) },
    { userId: c, cleanerId: other(4) },
  );
  rows.applications.push({
    userId: data.cleaner(jd).userId,
    status: 'approved',
    experience: '5-10',
    hourlyRateCents: 4500,
    bio: data.cleaner(jd).bio,
    serviceTypes: ['residential', 'deep', 'moveout'],
    coverageAreas: ['Downtown Austin', 'East Austin'],
    hasInsurance: true,
    hasBond: true,
    submittedAt: new Date(now.getTime() - 400 * 86_400_000),
    reviewedAt: new Date(now.getTime() - 398 * 86_400_000),
    adminNotes: 'Documents verified.',
  });
  for (const [i, status] of (['pending', 'pending', 'under_review', 'rejected'] as const).entries()) {
    rows.applications.push({
      userId: customerIds[10 + i]!,
      status,
      experience: rand.pick(['0-1', '1-3', '3-5']),
      hourlyRateCents: rand.int(40, 80) * 50,
      bio: `${rand.pick(w.BIO_OPENERS)} ${rand.pick(w.BIO_MIDDLES)}`,
      serviceTypes: pickServiceTypes(rand),
      coverageAreas: [rand.pick(CITIES).name],
      hasInsurance: rand.chance(0.5),
      hasBond: rand.chance(0.3),
      submittedAt: new Date(now.getTime() - (i + 1) * 86_400_000),
      adminNotes: status === 'rejected' ? 'Could not verify identity document.' : null,
    });
  }
  rows.partners.push({
    name: 'Sunrise Realty (demo partner)',
    publishableKey: DEMO_PARTNER_KEY,
    // Any port on this machine: the example site, a partner's dev server, the tests' host pages.
    allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
    commissionRateBps: 1000,
    contactEmail: 'partners@sunrise-realty.example',
  });
}

/** The date itself when Monday–Saturday, else the following Monday. */
function nextWorkday(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? addDays(date, 1) : date;
}
