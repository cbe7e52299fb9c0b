import { type Booking, type BookingList, formatTime12, type TimeSlotList } from '@spotless/sdk';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRegister, apiSignIn, cancelThroughAction, getJson } from './api';
import { seriousViolations } from './browser';
import { useBrowser, useServer } from './server';

/**
 * Moving a booking (the dashboard's Edit, driven by the booking's `edit` action) uses the booking
 * page's free-slot picker, fed by the booking's own `cleanerSlots` link: taken times cannot be
 * chosen and the booking's own time is free. A toast shown while the dialog is open is drawn above
 * it and can be clicked.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);

/** How long the other customer's jobs are: short, so they fit around the booking being moved. */
const OTHER_MINUTES = 60;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Books `booking`'s cleaner and service at `time` on its day, as another customer; null when refused. */
async function bookSameDay(request: APIRequestContext, booking: Booking, time: string): Promise<Booking | null> {
  const body = {
    cleanerId: booking.cleanerId,
    serviceId: booking.serviceId,
    address: '5 Other Street',
    scheduledDate: booking.scheduledDate,
    scheduledTime: time,
    duration: OTHER_MINUTES,
    totalPrice: '1.00',
  };
  // The server prices the booking: a wrong quote answers the current price, which is then accepted.
  const quote = await request.post(`${baseUrl}/api/bookings`, { data: body, headers: { origin: baseUrl } });
  if (quote.status() !== 409) throw new Error(`quote: ${quote.status()} ${await quote.text()}`);
  const { error } = (await quote.json()) as { error: { code: string; currentPrice?: string } };
  if (error.code !== 'price_changed') return null;
  const res = await request.post(`${baseUrl}/api/bookings`, {
    data: { ...body, totalPrice: error.currentPrice },
    headers: { origin: baseUrl },
  });
  if (res.status() === 409) return null;
  expect(res.status()).toBe(201);
  return (await res.json()) as Booking;
}

/** The times the other customer's job may start on `booking`'s day, as anyone sees them (the booking not left out). */
async function publicFreeTimes(request: APIRequestContext, booking: Booking): Promise<string[]> {
  const day = await getJson<TimeSlotList>(
    request,
    baseUrl,
    `/api/cleaners/${booking.cleanerId}/slots/${booking.scheduledDate}?duration=${OTHER_MINUTES}`,
  );
  return day.items
    .filter((s) => s.isAvailable && s.startTime >= '08:00' && s.startTime <= '18:30')
    .map((s) => s.startTime);
}

/** The time select's options: value, whether it can be chosen, and its label. */
async function timeOptionsOf(dialog: Locator) {
  await dialog
    .getByTestId('time-hint')
    .filter({ hasText: /free time|no free time/ })
    .waitFor();
  return dialog
    .locator('select[name="scheduledTime"] option:not([value=""])')
    .evaluateAll((options) =>
      (options as HTMLOptionElement[]).map((o) => ({ value: o.value, enabled: !o.disabled, label: o.label })),
    );
}

async function openEdit(page: Page, booking: Booking): Promise<Locator> {
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole('tab', { name: 'Active Bookings' }).waitFor();
  const card = page.getByTestId(`booking-card-${booking.id}`);
  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Booking' });
  await dialog.waitFor();
  return dialog;
}

describe('rescheduling a booking', () => {
  it('offers only free times, the booking’s own included, and moves it; an error toast sits above the dialog', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(context.request, baseUrl, 'customer@example.com');
    const { items } = await getJson<BookingList>(context.request, baseUrl, '/api/bookings?limit=200');
    // A pending or confirmed booking that may still be moved (its edit action lists the date), on a
    // day its cleaner works, so the picker has times to offer. Demo bookings need not fall inside
    // their cleaner's hours.
    let mine: Booking | undefined;
    let ownView: TimeSlotList | undefined;
    for (const b of items) {
      const link = b.links.cleanerSlots;
      if (!link || !(b.status === 'pending' || b.status === 'confirmed')) continue;
      if (!b.actions.edit?.fields.some((f) => f.name === 'scheduledDate')) continue;
      const day = await getJson<TimeSlotList>(context.request, baseUrl, link.href.replace('{date}', b.scheduledDate));
      const free = day.items.filter((s) => s.isAvailable && s.startTime >= '08:00' && s.startTime <= '18:30');
      if (free.some((s) => s.startTime === b.scheduledTime) && free.length >= 3) {
        mine = b;
        ownView = day;
        break;
      }
    }
    expect(mine, 'a demo booking that can be rescheduled on a working day').toBeDefined();
    if (!mine || !ownView) return;
    // Its link leaves the booking itself out: that is why its own time lists as free above.
    expect(ownView.links.self.href).toContain(`excludeBookingId=${mine.id}`);

    // Someone else takes another time that day, so the picker has a taken time to refuse.
    const other = await browser.newContext();
    await apiRegister(other.request, baseUrl, {
      email: `reschedule-${Date.now()}@example.com`,
      password: 'reschedule-password',
      firstName: 'Rita',
      lastName: 'Reschedule',
    });
    const theirs: Booking[] = [];
    for (const time of await publicFreeTimes(other.request, mine)) {
      const taken = await bookSameDay(other.request, mine, time);
      if (taken) {
        theirs.push(taken);
        break;
      }
    }
    expect(theirs, 'another customer booked the same day').toHaveLength(1);
    const takenTime = (theirs[0] as Booking).scheduledTime;

    const page = await context.newPage();
    const dialog = await openEdit(page, mine);
    // The free-slot picker, on the booking's day, with its current time chosen.
    await dialog.getByTestId('date-picker').waitFor();
    expect(await dialog.locator(`[data-date="${mine.scheduledDate}"]`).getAttribute('aria-pressed')).toBe('true');
    let options = await timeOptionsOf(dialog);
    const byValue = new Map(options.map((o) => [o.value, o]));
    expect(byValue.get(mine.scheduledTime)?.enabled, 'the booking’s own time is free').toBe(true);
    // Exactly the times the server lists as free are offered (the other customer's booking included).
    const freeNow = await getJson<TimeSlotList>(
      context.request,
      baseUrl,
      (mine.links.cleanerSlots?.href ?? '').replace('{date}', mine.scheduledDate),
    );
    const serverFree = new Set(freeNow.items.filter((s) => s.isAvailable).map((s) => s.startTime));
    for (const option of options) expect(option.enabled, option.value).toBe(serverFree.has(option.value));
    expect(byValue.get(takenTime)?.enabled, 'the other customer’s time is taken').toBe(false);
    expect(byValue.get(takenTime)?.label).toContain('(unavailable)');
    expect(await dialog.getByLabel('Time').inputValue()).toBe(mine.scheduledTime);
    expect(await seriousViolations(page)).toEqual([]);

    // Move it to another free time.
    const target = options.find((o) => o.enabled && o.value !== mine.scheduledTime);
    expect(target, 'another free time').toBeDefined();
    const newTime = (target as { value: string }).value;
    await dialog.getByLabel('Time').selectOption(newTime);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('[data-testid="toast"] .toast__title').filter({ hasText: 'Booking Updated' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId(`booking-card-${mine.id}`);
    await card.getByText(formatTime12(newTime)).first().waitFor();
    const moved = await getJson<Booking>(context.request, baseUrl, `/api/bookings/${mine.id}`);
    expect(moved).toMatchObject({ scheduledDate: mine.scheduledDate, scheduledTime: newTime });

    // Open it again and choose a free time; before Save, someone books a job inside that time.
    const again = await openEdit(page, moved);
    options = await timeOptionsOf(again);
    const othersCanTake = await publicFreeTimes(other.request, moved);
    const clash = options
      .filter((o) => o.enabled && o.value !== newTime)
      .flatMap((o) =>
        othersCanTake
          .filter((t) => minutesOf(t) >= minutesOf(o.value) && minutesOf(t) < minutesOf(o.value) + moved.duration)
          .map((t) => ({ chosen: o.value, taken: t })),
      )[0];
    expect(clash, 'a free time someone else can still book into').toBeDefined();
    const { chosen, taken } = clash as { chosen: string; taken: string };
    await again.getByLabel('Time').selectOption(chosen);
    const sniped = await bookSameDay(other.request, moved, taken);
    expect(sniped, 'the other customer booked into the chosen time').not.toBeNull();
    theirs.push(sniped as Booking);
    await again.getByRole('button', { name: 'Save Changes' }).click();

    // The server refuses (409) and says so in a toast drawn above the open dialog.
    const toast = page.locator('[data-testid="toast"]');
    await toast.locator('.toast__title').filter({ hasText: 'Update Failed' }).waitFor();
    // Taken at its start, or later within it: how long is free from there (decision 071).
    expect(await toast.locator('.toast__description').textContent()).toMatch(/already booked|only .+ free from/);
    expect(await again.isVisible()).toBe(true);
    const onTop = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { hit: hit !== null && element.contains(hit), inDialog: element.closest('dialog[open]') !== null };
    });
    expect(onTop).toEqual({ hit: true, inDialog: true });
    // The day is read again: the time just taken is no longer offered.
    await expect.poll(async () => (await timeOptionsOf(again)).find((o) => o.value === chosen)?.enabled).toBe(false);
    // It can be clicked: its close button dismisses it, and the dialog stays open.
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await toast.waitFor({ state: 'detached' });
    expect(await again.isVisible()).toBe(true);
    expect((await getJson<Booking>(context.request, baseUrl, `/api/bookings/${mine.id}`)).scheduledTime).toBe(newTime);

    // Tidy up: the other customer cancels their bookings through their own actions.
    for (const booking of theirs) await cancelThroughAction(other.request, baseUrl, booking.id);
    await other.close();
    await context.close();
  });
});
