import { expect, it } from 'vitest';
import type { Json } from './call';
import type { OnTarget } from './each-target';
import { guestBooking, KEY, newestMail } from './guest-link-checks';
import { administrator, person } from './people';

/**
 * A partner's own portal on the three targets (decision 081): an administrator invites one person to
 * the demo partner and another to a second partner, each accepts the e-mailed invitation; a guest
 * books through the demo partner's key and the demo partner's person sees that booking — without the
 * guest's name, e-mail or address — while the other partner's person is told none of the demo
 * partner's portal, bookings, statements, webhooks or deliveries exists (404), and the other way round.
 */
export function partnerPortalChecks(on: OnTarget): void {
  /** Invites a new person to `portal` as the administrator and accepts as them: their cookie. */
  async function member(asAdmin: string, portal: Json, label: string): Promise<string> {
    const invited = await person(on, label);
    const invite = await on.call(portal.actions.invite.href, {
      method: portal.actions.invite.method,
      cookie: asAdmin,
      body: { email: invited.email },
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);
    const mail = await newestMail(on, invited.email, 'partner_invite');
    const token = decodeURIComponent(/partner-portal\?token=([A-Za-z0-9_%-]+)/.exec(mail)?.[1] ?? '');
    expect(token, mail).not.toBe('');
    const accepted = await on.call('/api/partner-invites/accept', {
      method: 'POST',
      cookie: invited.cookie,
      body: { token },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.items.map((p: Json) => p.id)).toContain(portal.id);
    return invited.cookie;
  }

  it("shows a partner's person the bookings its widgets brought, and nothing of another partner's", async () => {
    const asAdmin = await administrator(on);
    const partners = await on.call('/api/admin/partners', { cookie: asAdmin });
    const demo = partners.body.items.find((p: Json) => p.publishableKey === KEY);
    expect(demo, JSON.stringify(partners.body).slice(0, 300)).toBeDefined();
    const created = await on.call('/api/admin/partners', {
      method: 'POST',
      cookie: asAdmin,
      body: { name: `Other Realty ${Date.now()}`, allowedOrigins: ['https://other-realty.example'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const demoPortal = (await on.call(`/api/partner-portal/${demo.id}`, { cookie: asAdmin })).body;
    const otherPortal = (await on.call(`/api/partner-portal/${created.body.id}`, { cookie: asAdmin })).body;
    const ours = await member(asAdmin, demoPortal, 'portal-ours');
    const theirs = await member(asAdmin, otherPortal, 'portal-theirs');

    const guestEmail = `portal-guest-${Date.now()}@example.com`;
    await guestBooking(on, guestEmail, 160);
    const bookings = await on.call(demoPortal.links.bookings.href, { cookie: ours });
    expect(bookings.status).toBe(200);
    expect(bookings.body.items.length).toBeGreaterThan(0);
    const text = JSON.stringify(bookings.body);
    for (const secret of [guestEmail, 'Link Guest', '500 Congress']) expect(text).not.toContain(secret);
    const one = bookings.body.items[0];
    expect((await on.call(one.links.self.href, { cookie: ours })).status).toBe(200);

    const demoOnly = [
      demoPortal.links.self.href,
      demoPortal.links.bookings.href,
      one.links.self.href,
      demoPortal.links.statements.href,
      demoPortal.links.webhooks.href,
      demoPortal.links.deliveries.href,
    ];
    for (const href of demoOnly) {
      const answer = await on.call(href, { cookie: theirs });
      expect(answer.status, href).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain(guestEmail);
    }
    for (const href of [
      otherPortal.links.self.href,
      otherPortal.links.bookings.href,
      otherPortal.links.webhooks.href,
    ]) {
      expect((await on.call(href, { cookie: ours })).status, href).toBe(404);
      expect((await on.call(href, { cookie: theirs })).status, href).toBe(200);
    }
    const theirBookings = await on.call(otherPortal.links.bookings.href, { cookie: theirs });
    expect(theirBookings.body.items.map((b: Json) => b.id)).not.toContain(one.id);
    const refusedInvite = await on.call(demoPortal.actions.invite.href, {
      method: demoPortal.actions.invite.method,
      cookie: theirs,
      body: { email: 'someone@example.com' },
    });
    expect(refusedInvite.status).toBe(404);
  });
}
