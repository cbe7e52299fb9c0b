import { formatMoney } from '@spotless/sdk/rules';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, visitor } from '../../contract/actor';
import { bookings, cleaners, timeOff, users } from '../../db/schema';
import { assistantWorld } from '../../test/assistant-world';

/**
 * What people asked the assistant and it got wrong, answered now from the rules and the data
 * (decision 047): times read in the asker's zone and checked against the slot engine, prices by the
 * pricing rule, cancellations by the cancellation rule, named cleaners despite typos, the person's
 * own bookings, and never a feature the product lacks.
 */
const { ctx, planted, customer, ask } = await assistantWorld();

describe('the offline assistant answers from the rules and the data', () => {
  it('never says "no" and "free" at once about cancelling the day before', async () => {
    const answer = await ask(visitor, 'Do I get my money back if I cancel the day before?');
    expect(answer.text).not.toMatch(/^No\b/);
    expect(answer.text).toContain('24 hours or more before: free');
    expect(answer.trace.cancellation?.free).toBeNull();
    expect(answer.trace.unsure).toBe(true);
  });

  it('computes a cancellation for the hours named: free at 48, the fee at 20', async () => {
    const early = await ask(visitor, 'If I cancel 2 days before, do I pay anything?');
    expect(early.trace.cancellation).toMatchObject({ hoursBefore: 48, free: true });
    expect(early.text).toMatch(/is free/);
    const late = await ask(visitor, 'If I cancel 20 hours before, do I pay anything?');
    expect(late.trace.cancellation).toMatchObject({ hoursBefore: 20, free: false });
    expect(late.text).toMatch(/is not free/);
    expect(late.text).not.toMatch(/\bis free\b/);
  });

  it('finds who is free in Austin on Saturday morning, each with a real free time then', async () => {
    const answer = await ask(visitor, 'Who is available in Austin on Saturday morning?');
    expect(answer.trace.intent).toBe('search');
    expect(answer.trace.when).toEqual({ date: '2026-11-28', timeOfDay: 'morning', after: null });
    const proposals = answer.proposals;
    expect(proposals.length).toBeGreaterThan(0);
    for (const p of proposals) {
      expect(p.date).toBe('2026-11-28');
      expect(p.time < '12:00').toBe(true);
      // Free for the whole of a regular clean, on which its booking page opens.
      expect(p.serviceId).toBe(1);
    }
  });

  it('answers who brings the supplies from the help centre, and a visitor’s receipt after signing in', async () => {
    const supplies = await ask(visitor, 'do cleaners bring their own supplies or do I need a vacuum?');
    expect(supplies.trace.articles?.[0]).toBe('supplies');
    expect(supplies.text).toContain('special instructions');
    const receipt = await ask(visitor, 'i need my receipt from last weeks clean');
    expect(receipt.trace.intent).toBe('sign-in');
    expect(receipt.text).toContain('/login');
  });

  it('reads a place and a time with no verb as who is free then', async () => {
    const answer = await ask(visitor, 'tomorrow after 3 in Austin?');
    expect(answer.trace.intent).toBe('search');
    expect(answer.trace.when).toMatchObject({ date: '2026-11-25', after: '15:00' });
  });

  it('offers only times free for the whole service named, and books that service', async () => {
    const answer = await ask(visitor, 'deep clean tomorrow morning in Austin?');
    expect(answer.trace.when).toMatchObject({ date: '2026-11-25', timeOfDay: 'morning' });
    expect(answer.proposals.length).toBeGreaterThan(0);
    for (const p of answer.proposals) expect(p.serviceId).toBe(2);
  });

  it('reads "tomorrow" in the asker’s zone: already Wednesday in Tokyo', async () => {
    const chicago = await ask(visitor, 'anyone free in Denver tomorrow after 3?', 'America/Chicago');
    const tokyo = await ask(visitor, 'anyone free in Denver tomorrow after 3?', 'Asia/Tokyo');
    expect(chicago.trace.when?.date).toBe('2026-11-25');
    expect(tokyo.trace.when?.date).toBe('2026-11-26');
    expect(chicago.trace.when?.after).toBe('15:00');
  });

  it('prices a deep clean from its base price and the rates, not the general $80–$150', async () => {
    const answer = await ask(visitor, 'How much does a deep clean cost?');
    expect(answer.trace.intent).toBe('price');
    expect(answer.text).toContain(formatMoney(15_000));
    expect(answer.text).not.toMatch(/\$80/);
    expect(answer.trace.price?.lowCents).toBeGreaterThanOrEqual(15_000);
  });

  it('finds a misspelt cleaner by name', async () => {
    const answer = await ask(visitor, 'find jordan rivra');
    expect(answer.trace.intent).toBe('cleaner');
    expect(answer.pages.some((p) => p.rel === 'cleaner' && p.title === 'Jordan Rivera')).toBe(true);
  });

  it('tells a visitor asking for their bookings to sign in, with the link', async () => {
    const answer = await ask(visitor, 'Where are my bookings?');
    expect(answer.pages.map((p) => p.href)).toContain('/login');
  });

  it('says when a day asked about has no cleaning, refuses a cleaner’s contact details, and points to what was spent', async () => {
    const day = await ask(customer, 'who is cleaning for me on january 20');
    expect(day.text).toMatch(/^You have no cleaning on Wednesday, January 20\. Your next one is /);
    for (const question of ['can you give me Jordan Riveras phone number', 'what is jordans email address']) {
      const refused = await ask(visitor, question);
      expect(refused.trace.refusal, question).toBe('private');
    }
    const spent = await ask(customer, 'how much did I spend');
    expect(spent.text).toContain('Total Spent');
    expect(spent.text).toContain('/payments');
  });

  it('looks through both days of "this weekend" for a named cleaner, not Saturday alone', async () => {
    const aisha = planted.get('Aisha');
    if (aisha === undefined) throw new Error('Aisha Khan was not planted');
    await ctx.database.db
      .insert(timeOff)
      .values({ cleanerId: aisha, startDate: '2026-11-28', endDate: '2026-11-28', reason: 'Away', isRecurring: false });
    const answer = await ask(visitor, 'is aisha khan available this weekend');
    expect(answer.text).toMatch(/^Aisha Khan is free on Sunday, November 29 /);
  });

  it('sends a guest on a partner’s site to their booking’s e-mail, never to a My Bookings they lack', async () => {
    const partner: Actor = {
      kind: 'partner',
      partnerId: 1,
      name: 'Sunrise Realty (demo partner)',
      commissionRateBps: 1000,
      origin: 'http://127.0.0.1:9912',
    };
    for (const question of ['what is your cancellation policy', 'can I reschedule a booking?']) {
      const answer = await ask(partner, question);
      expect(answer.text, question).toContain('The e-mail confirming your booking has a link to change or cancel it.');
      expect(answer.text, question).not.toContain('/dashboard');
    }
    expect((await ask(visitor, 'what is your cancellation policy')).text).toContain('/dashboard');
  });

  it('titles the bare listing "Browse all cleaners", and a search’s listing "See all matching cleaners"', async () => {
    const help = await ask(visitor, 'I need help');
    const titles = help.pages.filter((p) => p.rel === 'listing').map((p) => p.title);
    expect(titles).toEqual(['Browse all cleaners']);
    const search = await ask(visitor, 'cleaners in Denver');
    expect(search.pages.filter((p) => p.rel === 'listing').map((p) => p.title)).toEqual(['See all matching cleaners']);
  });

  it('says that every cleaner who cleans homes offers window cleaning when asked for it in a city', async () => {
    const answer = await ask(visitor, 'do you do window cleaning in Phoenix');
    expect(answer.trace.intent).toBe('search');
    expect(answer.text).toContain('Every one of them offers Window Cleaning');
  });

  it('answers the customer’s next and last cleaner from their bookings', async () => {
    const next = await ask(customer, 'Who is cleaning for me next time?');
    expect(next.trace.bookings?.question).toBe('next');
    expect(next.trace.bookings?.bookingIds.length).toBe(1);
    // Their cleaner's button reads their name, not "Cleaner #1".
    const button = next.pages.find((p) => p.rel === 'cleaner');
    expect(button?.title).not.toMatch(/^Cleaner #/);
    const last = await ask(customer, 'Who cleaned my house last time?');
    expect(last.trace.bookings?.question).toBe('last');
    expect(last.pages.some((p) => p.rel === 'booking')).toBe(true);
  });

  it('finds move-out cleaners in Denver for someone moving out next week', async () => {
    const answer = await ask(visitor, "I'm moving out of my place in Denver next week, can someone help?");
    expect(answer.trace.intent).toBe('search');
    expect(answer.trace.filters).toMatchObject({ location: 'Denver', serviceType: 'moveout' });
    expect(answer.trace.when?.date).toBe('2026-11-30');
  });

  it('gives a cleaner’s earnings as the rates cleaners really charge, with where to apply', async () => {
    const answer = await ask(visitor, 'How much can I earn as a cleaner?');
    expect(answer.trace.intent).toBe('earnings');
    expect(answer.text).toMatch(/from \$\d+\.\d{2}\/hr to \$\d+\.\d{2}\/hr/);
    expect(answer.pages.map((p) => p.href)).toContain('/apply-cleaner');
  });

  it('asks back when a question is too vague, and never promises messaging', async () => {
    const vague = await ask(visitor, 'how much?');
    expect(vague.trace).toMatchObject({ intent: 'clarify', unsure: true });
    const privateAsk = await ask(visitor, "What is Maria Lopez's phone number?");
    expect(privateAsk.text).not.toMatch(/message your cleaner/i);
  });

  it('says it is not sure when the help centre matches weakly or two articles alike, and still offers the nearer', async () => {
    const weak = await ask(visitor, 'ok is she open that day?');
    expect(weak.trace).toMatchObject({ intent: 'clarify', unsure: true });
    // Words of the product it cannot place are not "off-topic": it asks.
    const placeless = await ask(visitor, 'the booking thingy went zorp');
    expect(placeless.trace).toMatchObject({ intent: 'clarify', unsure: true });
    const alike = await ask(visitor, 'can you help me plan a thanksgiving menu for 12 people, one is vegan');
    expect(alike.trace).toMatchObject({ intent: 'refusal', refusal: 'off-topic' });
    const close = await ask(visitor, 'whats the deal with the stuff u need from me before the visit');
    expect(close.trace.unsure).toBe(true);
    expect(close.text).toMatch(/^I'm not sure I understood\. If you mean “.+”: /);
    expect(close.trace.articles?.length).toBeGreaterThan(0);
  });

  it('reads two moments named in a cancelling question, the day after a holiday, and a move’s destination', async () => {
    const two = await ask(
      visitor,
      'My cleaning would be on Saturday at 10am. If I cancel Thursday morning around 10, is there a fee?',
    );
    // Two days apart settle it whatever the hour; both hours named give the hours between.
    expect(two.trace.cancellation).toMatchObject({ free: true });
    const timed = await ask(visitor, 'My cleaning is Saturday at 10am. If I cancel Friday at 4pm, do I pay anything?');
    expect(timed.trace.cancellation).toMatchObject({ hoursBefore: 18, free: false });
    const holiday = await ask(visitor, 'any cleaners free in Dallas the day after thanksgiving? morning ideally');
    expect(holiday.trace.when?.date).toBe('2026-11-27');
    const move = await ask(customer, "We're moving from Austin to Denver Dec 5, need a move-in clean at the new place");
    expect(move.trace.filters).toMatchObject({ location: 'Denver' });
    // "next weekend" said on a Tuesday: the coming one first, and it says so.
    const weekend = await ask(visitor, "move-out clean in Phoenix next weekend, who's around?");
    expect(weekend.trace.when?.date).toBe('2026-11-28');
    expect(weekend.text).toContain('"Next weekend" can mean this coming one or the one after');
  });
  it('finds a cleaner by a first name and their city, and asks which when several there share it', async () => {
    const aisha = planted.get('Aisha');
    const tom = planted.get('Tom');
    const profile = await ask(visitor, 'that seattle cleaner, aisha something - is she any good?');
    expect(profile.trace.cleanerIds?.[0]).toBe(aisha);
    expect(profile.text).toContain(`/cleaner/${aisha}`);
    const free = await ask(visitor, 'is the seattle cleaner aisha free the day after tomorrow');
    expect(free.trace.availability).toMatchObject({ cleanerId: aisha, date: '2026-11-26' });
    const price = await ask(visitor, 'tom from chicago - how much for a deep clean with him');
    expect(price.trace.price?.cleanerId).toBe(tom);
    // A second Aisha near Seattle: which one, never a guess.
    const [seattle] = await ctx.database.db
      .select({ id: cleaners.id })
      .from(cleaners)
      .innerJoin(users, eq(users.id, cleaners.userId))
      .where(and(eq(cleaners.city, 'Seattle'), ne(cleaners.id, aisha as number)))
      .limit(1);
    const other = await ctx.database.db
      .select({ userId: cleaners.userId })
      .from(cleaners)
      .where(eq(cleaners.id, seattle?.id as number));
    await ctx.database.db
      .update(users)
      .set({ firstName: 'Aisha' })
      .where(eq(users.id, other[0]?.userId as number));
    const two = await ask(visitor, 'is there an aisha in seattle? reviews?');
    expect(two.trace).toMatchObject({ intent: 'cleaner', unsure: true });
    expect(two.text).toMatch(/^Several cleaners called Aisha work near Seattle: /);
    expect(two.text).toContain(`/cleaner/${aisha}`);
  });

  it('reads "the weekend after next" said midweek both ways, the nearer first, and says so', async () => {
    const answer = await ask(visitor, 'anyone free the weekend after next in denvr');
    expect(answer.trace.when?.date).toBe('2026-12-05');
    expect(answer.text).toContain('"The weekend after next" can mean');
  });
  it('offers only times before the hour said, reads a service said not to be wanted, and "4ish hours"', async () => {
    const early = await ask(visitor, 'any chance aisha khan has a slot tmrw before 10am');
    expect(early.trace.availability).toMatchObject({ cleanerId: planted.get('Aisha'), date: '2026-11-25' });
    const offered = [...early.text.matchAll(/\b(\d{1,2}):(\d{2}) (AM|PM)\b/g)].map((m) => `${m[1]}:${m[2]} ${m[3]}`);
    expect(offered.length).toBeGreaterThan(0);
    for (const time of offered) expect(['8:00 AM', '8:30 AM', '9:00 AM', '9:30 AM']).toContain(time);
    const normal = await ask(visitor, 'need my condo in tampa cleaned thurs morning. just a normal clean nothing deep');
    expect(normal.trace.filters).toMatchObject({ serviceType: 'residential' });
    const ish = await ask(customer, 'day-of cancel, like 4ish hours before, do i lose everything?');
    expect(ish.trace.cancellation).toMatchObject({ hoursBefore: 4, free: false });
    const pay = await ask(visitor, "whats the pay for cleaners here, does it go up after you've done a bunch of jobs?");
    expect(pay.trace.intent).toBe('earnings');
  });

  it('reads the customer’s own bookings asked about indirectly', async () => {
    const forgot = await ask(
      customer,
      'do i need to be home tomorrow for a cleaning or is that later? genuinely cant remember',
    );
    expect(forgot.trace.bookings?.question).toBe('next');
    const who = await ask(customer, 'Is it James coming next time or did I book someone new?');
    expect(who.trace.bookings?.question).toBe('next');
    const last = await ask(customer, 'what did i book last time, service-wise? want the exact same thing again');
    expect(last.trace.bookings?.question).toBe('last');
    const elsewhere = await ask(customer, 'did i ever book anybody outside austin or has it all been there');
    expect(elsewhere.trace.bookings?.question).toBe('list');
    const problem = await ask(customer, 'hey so I have a problem with my cleaning');
    expect(problem.trace).toMatchObject({ intent: 'clarify', unsure: true });
  });
  it('answers about the booking whose cleaner is named, not always the next one', async () => {
    const all = await ask(customer, 'list my bookings');
    const ids = all.trace.bookings?.bookingIds ?? [];
    expect(ids.length).toBeGreaterThan(1);
    const rows = await ctx.database.db
      .select({ id: bookings.id, cleanerId: bookings.cleanerId, first: users.firstName, last: users.lastName })
      .from(bookings)
      .innerJoin(cleaners, eq(cleaners.id, bookings.cleanerId))
      .innerJoin(users, eq(users.id, cleaners.userId))
      .where(inArray(bookings.id, ids));
    const next = rows.find((r) => r.id === ids[0]);
    const other = rows.find((r) => r.id !== ids[0] && r.cleanerId !== next?.cleanerId);
    if (!other) throw new Error('the demo customer has no upcoming booking with another cleaner');
    const named = await ask(customer, `cancel my booking with ${other.first} ${other.last} — will I be charged?`);
    expect(named.trace.bookings?.bookingIds).toEqual([other.id]);
    expect(named.text).toContain(`${other.first} ${other.last}`);
  });
});
