import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, reviews } from '../db/schema';
import { DEMO_CLEANER_EMAIL, DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD } from '../seed/generate';
import { authWorld } from '../test/auth-world';

/** The signed-in user's own account: the profile, onboarding and account activity. */
const { ctx, call, signIn, signUp } = await authWorld();

describe('profile', () => {
  it('edits personal information, which persists', async () => {
    const { cookie } = await signUp('edit.me@example.com', 'Edit', 'Me');
    const res = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie,
      body: {
        firstName: 'Edited',
        lastName: 'Person',
        email: 'edited@example.com',
        phone: '(555) 010-2030',
        currentPassword: 'a-long-password',
      },
    });
    expect(res.status).toBe(200);
    const me = await call('/api/auth/user', { cookie });
    expect(me.body).toMatchObject({
      firstName: 'Edited',
      lastName: 'Person',
      email: 'edited@example.com',
      phone: '(555) 010-2030',
    });
    // The new address signs in.
    expect(
      (
        await call('/api/auth/login', {
          method: 'POST',
          body: { email: 'edited@example.com', password: 'a-long-password' },
        })
      ).status,
    ).toBe(200);
    // Empty phone clears it.
    await call('/api/auth/profile', { method: 'PATCH', cookie, body: { phone: '' } });
    expect((await call('/api/auth/user', { cookie })).body.phone).toBeNull();
  });

  it('keeps e-mails unique (409), validates fields (400) and needs a user (401)', async () => {
    const { cookie } = await signIn(DEMO_CLEANER_EMAIL);
    const taken = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie,
      body: { email: 'Customer@Example.com', currentPassword: DEMO_PASSWORD },
    });
    expect(taken.status).toBe(409);
    const bad = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie,
      body: { phone: 'call me', email: 'x', firstName: ' ' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['email', 'firstName', 'phone']);
    expect((await call('/api/auth/profile', { method: 'PATCH', body: { firstName: 'X' } })).status).toBe(401);
    expect((await call('/api/auth/user', { cookie })).body.email).toBe(DEMO_CLEANER_EMAIL);
  });
});

describe('onboarding', () => {
  it('saves the step, completion and preferences with the defaults', async () => {
    const { cookie } = await signUp('wizard@example.com', 'Wiz', 'Ard');
    const step = await call('/api/onboarding/update', {
      method: 'POST',
      cookie,
      body: { step: 2, completed: false, preferences: { userType: 'both', serviceTypes: ['deep'] } },
    });
    expect(step.status).toBe(200);
    const me = await call('/api/auth/user', { cookie });
    expect(me.body.onboardingStep).toBe(2);
    expect(me.body.onboardingCompleted).toBe(false);
    expect(me.body.onboardingPreferences).toEqual({
      userType: 'both',
      serviceTypes: ['deep'],
      location: { address: '' },
      budget: { min: 50, max: 200 },
      specialRequests: [],
      notifications: { email: true, sms: false, push: true },
    });
    await call('/api/onboarding/update', { method: 'POST', cookie, body: { step: 5, completed: true } });
    const done = await call('/api/auth/user', { cookie });
    expect(done.body).toMatchObject({ onboardingStep: 5, onboardingCompleted: true });
    expect(done.body.onboardingPreferences.userType).toBe('both');
  });

  it('validates the step and the enums', async () => {
    const { cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    const bad = await call('/api/onboarding/update', {
      method: 'POST',
      cookie,
      body: {
        step: 6,
        completed: 'yes',
        preferences: { userType: 'robot', frequency: 'daily', serviceTypes: ['laundry'], budget: { min: 1.5 } },
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual([
      'completed',
      'preferences.budget.min',
      'preferences.frequency',
      'preferences.serviceTypes.0',
      'preferences.userType',
      'step',
    ]);
    expect((await call('/api/onboarding/update', { method: 'POST', body: { step: 1, completed: false } })).status).toBe(
      401,
    );
  });
});

describe('account activity', () => {
  it('counts the user’s own bookings and the average rating they gave', async () => {
    const { cookie, user } = await signIn(DEMO_CUSTOMER_EMAIL);
    const res = await call('/api/auth/activity', { cookie });
    expect(res.status).toBe(200);
    const own = await ctx.database.db.select().from(bookings).where(eq(bookings.customerId, user.id));
    const given = await ctx.database.db.select().from(reviews).where(eq(reviews.customerId, user.id));
    expect(own.length).toBeGreaterThan(0);
    expect(res.body.totalBookings).toBe(own.length);
    expect(res.body.completedBookings).toBe(own.filter((b) => b.status === 'completed').length);
    expect(res.body.pendingBookings).toBe(own.filter((b) => b.status === 'pending').length);
    const average = given.length ? given.reduce((s, r) => s + r.overallRating, 0) / given.length : null;
    expect(res.body.averageRatingGiven).toBe(average === null ? null : Math.round(average * 10) / 10);
    const newest = [...own].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).slice(0, 5);
    expect(res.body.recentBookings.map((b: { id: number }) => b.id)).toEqual(newest.map((b) => b.id));
    expect(res.body.recentBookings[0].totalAmount).toBe((newest[0]?.totalPriceCents ?? 0) / 100);
  });

  it('is empty with a null average for a new user', async () => {
    const { reg, cookie } = await signUp('fresh@example.com', 'F', 'R');
    expect((await call('/api/auth/activity', { cookie })).body).toMatchObject({
      totalBookings: 0,
      completedBookings: 0,
      pendingBookings: 0,
      averageRatingGiven: null,
      recentBookings: [],
    });
    const n = await ctx.database.db
      .select({ n: sql<number>`count(*)` })
      .from(bookings)
      .where(and(eq(bookings.customerId, reg.body.id)));
    expect(n[0]?.n).toBe(0);
  });
});
