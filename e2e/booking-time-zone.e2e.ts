import {
  type Booking,
  type Cleaner,
  centsToDollars,
  formatLongDate,
  formatTime12,
  quoteTotalCents,
  type ServiceList,
} from '@spotless/sdk';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLEANER_ID, freeWeekdaySlot } from './api';
import { useBrowser, useServer } from './server';

const server = await useServer();
const { baseUrl } = server;
/** A viewer 14 or 15 hours ahead of the cleaner: their clock even shows another day. */
const VIEWER_ZONE = 'Asia/Tokyo';
const browser = await useBrowser(server);
let context: BrowserContext;

beforeAll(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: VIEWER_ZONE });
  const res = await context.request.post(`${baseUrl}/api/auth/login`, {
    data: { email: 'customer@example.com', password: 'demo-password' },
    headers: { origin: baseUrl },
  });
  expect(res.ok()).toBe(true);
});

/** Books the demo cleaner's regular cleaning through the API, as the booking page would. */
async function bookDemoCleaner(page: Page): Promise<Booking> {
  const cleaner = (await (await page.request.get(`${baseUrl}/api/cleaners/${DEMO_CLEANER_ID}`)).json()) as Cleaner;
  const services = (await (await page.request.get(`${baseUrl}/api/services`)).json()) as ServiceList;
  const service = services.items.find((s) => s.type === 'regular')!;
  const { date, time } = await freeWeekdaySlot(server, page.request, service.duration);
  const totalPrice = centsToDollars(
    quoteTotalCents({
      hourlyRate: cleaner.hourlyRate,
      durationMinutes: service.duration,
      basePrice: service.basePrice,
    }),
  );
  const res = await page.request.post(`${baseUrl}/api/bookings`, {
    headers: { origin: baseUrl },
    data: {
      cleanerId: DEMO_CLEANER_ID,
      serviceId: service.id,
      address: '410 Congress Ave, Austin, TX 78701',
      scheduledDate: date,
      scheduledTime: time,
      duration: service.duration,
      totalPrice,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Booking;
}

/** The value of a booking summary's row. */
const fact = (scope: Locator, label: string) =>
  scope
    .getByTestId('booking-summary')
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

function shortZoneName(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(instant));
  return parts.find((p) => p.type === 'timeZoneName')!.value;
}

describe('a booking’s time, seen from another time zone', () => {
  it('is the cleaner’s time, labelled with their zone, on checkout, the dashboard and the profile', async () => {
    const page = await context.newPage();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(VIEWER_ZONE);
    const booking = await bookDemoCleaner(page);
    expect(booking.timeZone).toBe('America/Chicago');

    const zone = shortZoneName(booking.startsAt, booking.timeZone);
    expect(zone).toMatch(/^C[SD]T$/);
    const time = `${formatTime12(booking.scheduledTime)} ${zone}`;
    const longDate = formatLongDate(booking.startsAt, booking.timeZone);
    const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: booking.timeZone }).format(
      new Date(booking.startsAt),
    );
    // What the bug showed: the same instant on the viewer's own clock.
    const viewersTime = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: VIEWER_ZONE,
    }).format(new Date(booking.startsAt));

    // Checkout.
    await page.goto(`${baseUrl}/checkout?booking=${booking.id}`);
    await page.getByTestId('booking-summary').waitFor({ timeout: 15_000 });
    expect(await fact(page.locator('main'), 'Time').innerText()).toBe(time);
    expect(await fact(page.locator('main'), 'Date').innerText()).toBe(longDate);

    // The dashboard's card and its details dialog.
    await page.goto(`${baseUrl}/dashboard`);
    const card = page.getByTestId(`booking-card-${booking.id}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await fact(card, 'Time').innerText()).toBe(time);
    expect(await fact(card, 'Date').innerText()).toBe(longDate);
    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Booking Details' });
    await dialog.waitFor();
    expect(await fact(dialog, 'Time').innerText()).toBe(time);
    await page.keyboard.press('Escape');

    // The profile's Recent Bookings.
    await page.goto(`${baseUrl}/profile`);
    const recent = page.getByTestId(`recent-booking-${booking.id}`).getByTestId('recent-booking-time');
    await recent.waitFor({ timeout: 15_000 });
    expect(await recent.innerText()).toBe(`${mediumDate}, ${time}`);
    expect(await page.getByTestId(`recent-booking-${booking.id}`).innerText()).not.toContain(viewersTime);

    // Leave nothing waiting for payment (the demo customer may hold only a few unpaid bookings).
    const cancelled = await page.request.delete(`${baseUrl}/api/bookings/${booking.id}`, {
      headers: { origin: baseUrl },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await page.close();
  });
});
