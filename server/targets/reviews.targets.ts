import jpeg from 'jpeg-js';
import { expect, it } from 'vitest';
import { containsText, SAMPLE_GPS_MARKER, sampleJpeg } from '../src/test/sample-files';
import { calendarChecks } from './calendar-checks';
import type { Json } from './call';
import { eachTarget } from './each-target';
import { messageChecks } from './message-checks';
import { LOCAL_PAYOUTS, payoutChecks } from './payout-checks';
import { refusedRefundChecks } from './refused-refund-checks';
import { LOCAL_SERIES, seriesChecks } from './series-checks';
import { withdrawalChecks } from './withdrawal-checks';

/**
 * Reviews on the three targets: the demo customer reviews their completed, unreviewed job with
 * the demo cleaner through the booking's `review` action, adds a phone photo as multipart (decoded
 * and re-encoded without its EXIF on every target, then stored in the folder under data/ on Node,
 * R2 on Workers), another user marks it helpful, the demo cleaner
 * responds, and the cleaner's rating and review count have moved. The same targets run the
 * withdrawal checks (withdrawal-checks.ts: a cleaner withdrawing from a paid job, decision 071) and
 * a refund the card's bank refuses (refused-refund-checks.ts, decision 075) and paying the cleaner
 * out (payout-checks.ts, decision 080), a booking's `.ics` and a cleaner's calendar feed
 * (calendar-checks.ts, decision 083), a booking's messages (message-checks.ts, decision 087) and recurring cleanings (series-checks.ts,
 * decision 088).
 */

/** A phone photo: EXIF with an orientation and a GPS position the server must not keep. */
const PHOTO = sampleJpeg(8, 6, { orientation: 6 });

eachTarget((on) => {
  withdrawalChecks(on);
  refusedRefundChecks(on);
  payoutChecks(on, LOCAL_PAYOUTS);
  calendarChecks(on);
  messageChecks(on);
  seriesChecks(on, LOCAL_SERIES, 3);

  const { call, signIn } = on;

  it('reviews a completed booking with a photo, takes a helpful vote and the cleaner’s response', async () => {
    const customer = await signIn('customer@example.com');
    const cleanerCookie = await signIn('cleaner@example.com');
    const profile = await call('/api/cleaners/profile', { cookie: cleanerCookie });
    expect(profile.status).toBe(200);
    const cleanerId = profile.body.id as number;

    // The demo customer's completed job with the demo cleaner that has no review yet.
    const completed = await call('/api/bookings?status=completed&limit=50', { cookie: customer });
    const booking = (completed.body.items as Json[]).find((b) => b.cleanerId === cleanerId && b.actions.review);
    expect(booking, 'a completed, unreviewed demo booking with the demo cleaner').toBeDefined();
    const before = (await call(`/api/cleaners/${cleanerId}`)).body;
    const summaryBefore = (await call('/api/reviews/summary')).body;

    // The review, through the booking's action and its fields.
    const action = booking?.actions.review as Json;
    const body: Json = {};
    for (const field of action.fields as Json[]) if (field.value !== undefined) body[field.name] = field.value;
    Object.assign(body, {
      overallRating: 4,
      title: 'Spotless kitchen',
      comment: 'Thorough, friendly and on time.',
      serviceAreas: ['Kitchen', 'Floors'],
    });
    const created = await call(action.href, { method: action.method, body, cookie: customer });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const review = created.body;
    expect(review).toMatchObject({ bookingId: booking?.id, cleanerId, overallRating: 4, isVerified: true });
    expect((await call(action.href, { method: action.method, body, cookie: customer })).status).toBe(409);

    // A photo, multipart, through the review's addPhoto action: stored without its EXIF and GPS.
    const addPhoto = review.actions.addPhoto as Json;
    expect(addPhoto.type).toBe('multipart/form-data');
    const form = new FormData();
    form.append('photos', new File([PHOTO], 'kitchen.jpg', { type: 'image/jpeg' }));
    form.append('captions', 'The kitchen after');
    const withPhoto = await call(addPhoto.href, { method: addPhoto.method, body: form, cookie: customer });
    expect(withPhoto.status, JSON.stringify(withPhoto.body)).toBe(201);
    expect(withPhoto.body.photos).toEqual([
      { id: expect.any(Number), fileUrl: expect.any(String), caption: 'The kitchen after', displayOrder: 0 },
    ]);
    const image = await fetch(`${on.target.url}${withPhoto.body.photos[0].fileUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = new Uint8Array(await image.arrayBuffer());
    expect(containsText(PHOTO, SAMPLE_GPS_MARKER)).toBe(true);
    expect(containsText(stored, SAMPLE_GPS_MARKER)).toBe(false);
    expect(containsText(stored, 'Exif')).toBe(false);
    expect(jpeg.decode(stored, { useTArray: true })).toMatchObject({ width: 6, height: 8 });

    // Another user finds it helpful (the vote's action), then the demo cleaner answers it.
    const voter = await call('/api/auth/register', {
      method: 'POST',
      body: { email: `voter-${Date.now()}@example.com`, password: 'voter-password', firstName: 'V', lastName: 'Oter' },
    });
    expect(voter.status).toBe(201);
    const voterCookie = `spotless_session=${voter.session}`;
    const seen = await call(review.links.self.href, { cookie: voterCookie });
    const vote = seen.body.actions.vote as Json;
    const voted = await call(vote.href, { method: vote.method, body: { voteType: 'helpful' }, cookie: voterCookie });
    expect(voted.status).toBe(200);
    expect(voted.body).toMatchObject({ helpfulVotes: 1, userVote: { voteType: 'helpful' } });

    const asCleaner = await call(review.links.self.href, { cookie: cleanerCookie });
    const respond = asCleaner.body.actions.respond as Json;
    const responded = await call(respond.href, {
      method: respond.method,
      body: { response: 'Thank you — see you next time!' },
      cookie: cleanerCookie,
    });
    expect(responded.status).toBe(201);
    expect(responded.body.response.response).toBe('Thank you — see you next time!');
    expect(
      (await call(respond.href, { method: 'POST', body: { response: 'Again' }, cookie: cleanerCookie })).status,
    ).toBe(409);

    // The cleaner's figures moved with the review, and the public list and summaries show it.
    const after = (await call(`/api/cleaners/${cleanerId}`)).body;
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.rating).not.toBe(before.rating);
    const listed = await call(`/api/reviews?cleanerId=${cleanerId}&limit=1`);
    expect(listed.body.items[0]).toMatchObject({ id: review.id, helpfulVotes: 1, photos: [expect.any(Object)] });
    expect(listed.body.items[0].response.response).toBe('Thank you — see you next time!');
    const summaryAfter = (await call('/api/reviews/summary')).body;
    expect(summaryAfter.totalReviews).toBe(summaryBefore.totalReviews + 1);
    const overview = await call('/api/cleaners/profile/overview', { cookie: cleanerCookie });
    expect(overview.body).toMatchObject({ cleanerId, reviewCount: after.reviewCount, averageRating: after.rating });
  });
});
