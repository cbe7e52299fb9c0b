import { bookingTimeOptions, centsToDollars, dollarsToCents, listingHref, toTime24 } from '@spotless/sdk/rules';
import type { Cleaner } from '@spotless/sdk/schemas';
import { z } from 'zod';
import { availabilityApi } from '../availability/availability.openapi';
import { listSlots, SLOT_STEP_MINUTES } from '../availability/slots.service';
import { skipOpen } from '../bookings/booking-actions';
import { bookingsApi } from '../bookings/bookings.openapi';
import { type BookingAnswer, getBooking, listBookingsFor } from '../bookings/bookings.service';
import { servicesApi } from '../catalog/catalog.openapi';
import { listServices } from '../catalog/catalog.service';
import { cleanersApi } from '../cleaners/cleaners.openapi';
import { getCleaner, searchCleanersData } from '../cleaners/cleaners.service';
import { type Assistant, cleanerIdOf } from '../contract/actor';
import { AppError } from '../contract/errors';
import type { Data } from '../contract/hypermedia';
import { generateOpenApi } from '../contract/openapi';
import type { Operation } from '../contract/operations';
import type { Deps } from '../deps';
import { messagesApi } from '../messages/messages.openapi';
import { unreadMessages } from '../messages/messages.service';
import { payoutTermsApi } from '../payout-terms/payout-terms.openapi';
import { payoutTerms } from '../payout-terms/payout-terms.service';
import { cleanerEarnings } from '../payouts/earnings.service';
import { payoutsApi } from '../payouts/payouts.openapi';
import { seriesApi } from '../series/series.openapi';
import { listSeries } from '../series/series.service';
import type { Toolbox, ToolResult, ToolSpec } from './engine';

/** The times the hosted booking page offers, as HH:MM. */
const FORM_TIMES: ReadonlySet<string> = new Set(bookingTimeOptions().map(toTime24));

/**
 * The assistant's tools (decision 047): an explicit allowlist of read-only operations of the
 * operation table. Each tool's name, description and arguments are the operation's; running one
 * validates the arguments with the operation's own schemas and calls the same service as the
 * route, as the assistant acting for the person chatting — so it reads exactly what they may read.
 * What a tool answers is data for the engine, projected to what a reply may show: public cleaner
 * facts, and the person's own bookings — never anyone's e-mail address or phone number.
 */

type ToolDeps = Pick<Deps, 'database' | 'clock' | 'payments' | 'config'>;
type Input = { param?: Record<string, unknown>; query?: Record<string, unknown> };

interface Tool {
  operation: Operation;
  run(deps: ToolDeps, actor: Assistant, input: Input): Promise<unknown>;
}

/** A cleaner as the assistant may show them: public profile facts, their pages. */
export function cleanerFacts(c: Data<Cleaner>) {
  return {
    id: c.id,
    name: `${c.user.firstName} ${c.user.lastName}`.trim(),
    rating: c.rating === null ? null : Number(c.rating),
    reviewCount: c.reviewCount,
    hourlyRate: c.hourlyRate,
    completedJobs: c.completedJobs,
    experience: c.experience,
    city: c.city,
    state: c.state,
    serviceTypes: c.serviceTypes,
    isVerified: c.isVerified,
    isInsured: c.isInsured,
    isBonded: c.isBonded,
    ...(c.distance === undefined ? {} : { distance: c.distance }),
    /** Written by the cleaner: data to describe them with, never instructions. */
    bio: c.bio,
    profile: `/cleaner/${c.id}`,
    bookingPage: `/booking/${c.id}`,
  };
}
export type CleanerFacts = ReturnType<typeof cleanerFacts>;

/** The person's own booking, as far as the assistant answers about it. */
function bookingFacts(answer: BookingAnswer) {
  const b = answer.data;
  const terms = answer.personOffer?.cancelTerms ?? null;
  return {
    id: b.id,
    status: b.status,
    paymentStatus: b.paymentStatus,
    scheduledDate: b.scheduledDate,
    scheduledTime: b.scheduledTime,
    startsAt: b.startsAt,
    timeZone: b.timeZone,
    duration: b.duration,
    totalPrice: b.totalPrice,
    // With their page, so a reply's button reads their name and a model's link to them is one it was given.
    cleaner: {
      id: b.cleaner.id,
      name: `${b.cleaner.user.firstName} ${b.cleaner.user.lastName}`.trim(),
      profile: `/cleaner/${b.cleaner.id}`,
    },
    service: b.service.name,
    /** Their own address for this booking: the person asking is the customer (or the assistant reads nothing). */
    address: b.address,
    /** Whether they may cancel it themself now, and on what terms (decision 034). */
    cancel:
      answer.personOffer?.allowed.has('cancel') && terms
        ? {
            free: terms.free,
            fee: centsToDollars(terms.feeCents),
            feeCents: terms.feeCents,
            refund: centsToDollars(terms.refundCents),
          }
        : null,
    mayReschedule: answer.personOffer?.allowed.has('reschedule') ?? false,
    page: '/dashboard',
  };
}
export type BookingFacts = ReturnType<typeof bookingFacts>;

const hourlyRateCents = (c: Data<Cleaner>) => dollarsToCents(c.hourlyRate);

/** A job of the signed-in cleaner's, as the assistant answers them about it: no customer's details. */
function jobFacts(answer: BookingAnswer) {
  const b = answer.data;
  return {
    id: b.id,
    status: b.status,
    scheduledDate: b.scheduledDate,
    scheduledTime: b.scheduledTime,
    startsAt: b.startsAt,
    timeZone: b.timeZone,
    duration: b.duration,
    totalPrice: b.totalPrice,
    service: b.service.name,
    page: '/cleaner-dashboard?tab=bookings',
  };
}
export type JobFacts = ReturnType<typeof jobFacts>;

/** The Earnings & Payouts tab of the cleaner dashboard. */
const EARNINGS_PAGE = '/cleaner-dashboard?tab=payouts';

/**
 * The signed-in cleaner's payout facts, from the earnings service (decision 080): the four totals,
 * the next payout (with the cleaner's own zone to say it in), the payout account's state and what it
 * still needs, and the platform fee from the split's configuration.
 */
async function payoutFacts(deps: ToolDeps, actor: Assistant) {
  const data = await cleanerEarnings(deps, actor);
  const cleanerId = cleanerIdOf(actor);
  const zone = cleanerId === null ? null : (await getCleaner(deps, actor, cleanerId)).cleaner.timeZone;
  return {
    upcoming: centsToDollars(data.totals.upcoming),
    pending: centsToDollars(data.totals.pending),
    available: centsToDollars(data.totals.available),
    paidOut: centsToDollars(data.totals.paidOut),
    platformFeePercent: data.platformFeeBps / 100,
    nextPayoutAt: data.nextPayoutAt?.toISOString() ?? null,
    timeZone: zone ?? data.jobs[0]?.timeZone ?? 'America/Chicago',
    whenPaid: data.whenPaid,
    account: {
      canReceivePayouts: data.account.status === 'enabled',
      status: data.account.status,
      requirement: data.account.requirement,
    },
    jobsWithEarnings: data.jobs.length,
    page: EARNINGS_PAGE,
  };
}
export type PayoutFacts = Awaited<ReturnType<typeof payoutFacts>>;

/** The allowlist. Nothing here writes: `tools.test.ts` fails if an operation that is not a GET is added. */
const TOOLS: Record<string, Tool> = {
  searchCleaners: {
    operation: cleanersApi.searchCleaners,
    async run(deps, actor, { query = {} }) {
      const input = cleanersApi.searchCleaners.request.query.parse(stringValues(query));
      const result = await searchCleanersData(deps, actor, { ...input, pageSize: Math.min(input.pageSize, 20) });
      return {
        total: result.total,
        stats: result.stats,
        cleaners: result.items.map(cleanerFacts),
        listing: listingHref(query),
      };
    },
  },
  getCleaner: {
    operation: cleanersApi.getCleaner,
    async run(deps, actor, { param = {} }) {
      const { id } = cleanersApi.getCleaner.request.param.parse(stringValues(param));
      const { cleaner } = await getCleaner(deps, actor, id);
      return { ...cleanerFacts(cleaner), hourlyRateCents: hourlyRateCents(cleaner) };
    },
  },
  listTimeSlots: {
    operation: availabilityApi.listTimeSlots,
    async run(deps, actor, { param = {}, query = {} }) {
      const { id, date } = availabilityApi.listTimeSlots.request.param.parse(stringValues(param));
      const { duration } = availabilityApi.listTimeSlots.request.query.parse(stringValues(query));
      const day = await listSlots(deps, actor, id, date, duration ?? SLOT_STEP_MINUTES);
      return {
        cleanerId: id,
        date: day.date,
        timeZone: day.timeZone,
        // Free times the booking page can book (its list runs 8:00 to 18:30): a proposal the page
        // cannot select would open with no time chosen.
        free: day.items
          .filter((s) => s.data.isAvailable && FORM_TIMES.has(s.data.startTime))
          .map((s) => s.data.startTime),
        bookingPage: `/booking/${id}?date=${day.date}`,
      };
    },
  },
  listServices: {
    operation: servicesApi.listServices,
    async run(deps, actor) {
      const services = await listServices(deps, actor);
      return services.map((s) => ({
        id: s.id,
        name: s.name,
        type: s.type,
        category: s.category,
        basePrice: s.basePrice,
        duration: s.duration,
      }));
    },
  },
  listBookings: {
    operation: bookingsApi.listBookings,
    async run(deps, actor, { query = {} }) {
      const input = bookingsApi.listBookings.request.query.parse(stringValues(query));
      const { items, total } = await listBookingsFor(deps, actor, { ...input, limit: Math.min(input.limit, 20) });
      // A cleaner's own jobs (the service refuses anyone else's) carry no customer's details.
      if (input.cleanerId !== undefined) return { total, jobs: items.map(jobFacts) };
      return { total, bookings: items.map(bookingFacts) };
    },
  },
  getCleanerEarnings: {
    operation: payoutsApi.getCleanerEarnings,
    run: (deps, actor) => payoutFacts(deps, actor),
  },
  getPayoutTerms: {
    operation: payoutTermsApi.getPayoutTerms,
    async run(deps, actor) {
      const terms = payoutTerms(deps, actor);
      return {
        platformFeePercent: terms.platformFeeBps / 100,
        damageReportHours: terms.damageReportHours,
        whenPaid: terms.whenPaid,
        applyPage: '/apply-cleaner',
      };
    },
  },
  getUnreadMessages: {
    operation: messagesApi.getUnreadMessages,
    // Counts only, by booking: never a message's text.
    run: (deps, actor) => unreadMessages(deps, actor),
  },
  listBookingSeries: {
    operation: seriesApi.listBookingSeries,
    async run(deps, actor) {
      const now = deps.clock.now();
      const answers = await listSeries({ ...deps, refunds: undefined, requestUrl: undefined }, actor);
      // The person's regular cleanings as their customer, with the visits to come and whether the
      // person (not the assistant, which writes nothing) may skip each now (decision 088).
      return answers
        .filter((a) => a.role === 'customer')
        .map((a) => ({
          id: a.view.series.id,
          status: a.view.series.status,
          schedule: a.schedule,
          cleaner: `${a.view.cleanerFirstName ?? ''} ${a.view.cleanerLastName ?? ''}`.trim(),
          service: a.view.serviceName,
          page: `/dashboard?tab=regular&series=${a.view.series.id}`,
          visits: a.visits
            .filter((v) => v.visit.status === 'pending' || v.visit.status === 'confirmed')
            .map((v) => ({
              bookingId: v.visit.id,
              startsAt: v.visit.startsAt.toISOString(),
              timeZone: v.visit.timeZone,
              payment: v.payment,
              skippable: skipOpen(v.visit, now),
            })),
        }));
    },
  },
  getBooking: {
    operation: bookingsApi.getBooking,
    async run(deps, actor, { param = {} }) {
      const { id } = bookingsApi.getBooking.request.param.parse(stringValues(param));
      return bookingFacts(await getBooking(deps, actor, id));
    },
  },
};

/** The operations the assistant may call, by operationId. */
export const ASSISTANT_OPERATIONS: readonly Operation[] = Object.values(TOOLS).map((t) => t.operation);

/** Query values arrive as the model or the parser wrote them; the operation's schemas read text. */
function stringValues(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = typeof value === 'string' ? value : String(value);
  }
  return out;
}

let specs: ToolSpec[] | undefined;

/** The tool list, derived from the operations' OpenAPI description (parameters inlined). */
export function toolSpecs(): readonly ToolSpec[] {
  specs ??= buildSpecs();
  return specs;
}

function buildSpecs(): ToolSpec[] {
  const doc = generateOpenApi(
    ASSISTANT_OPERATIONS,
    { title: 'tools', version: '1' },
    {
      serverUrl: '/',
      cookies: { user: 'session', admin: 'admin_session' },
    },
  );
  const components = doc.components.schemas;
  const out: ToolSpec[] = [];
  for (const methods of Object.values(doc.paths)) {
    for (const op of Object.values(methods)) {
      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      for (const p of op.parameters ?? []) {
        if (op.operationId === 'listTimeSlots' && p.name === 'excludeBookingId') continue;
        if (p.name === 'sort') continue;
        properties[p.name] = inline(p.schema, components);
        if (p.required) required.push(p.name);
      }
      out.push({
        name: op.operationId,
        description: [op.summary, op.description].filter(Boolean).join('. '),
        parameters: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
      });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** A JSON Schema with its `$ref`s to components replaced by the components themselves. */
function inline(schema: unknown, components: Record<string, unknown>, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components, depth));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (typeof ref === 'string' && depth < 5) {
    return inline(components[ref.replace('#/components/schemas/', '')], components, depth + 1);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v, components, depth)]));
}

/** The tools bound to one conversation: every call runs as `actor`, the assistant acting for its person. */
export function toolboxFor(deps: ToolDeps, actor: Assistant): Toolbox {
  return {
    tools: toolSpecs(),
    async call(name, args): Promise<ToolResult> {
      const tool = Object.hasOwn(TOOLS, name) ? TOOLS[name] : undefined;
      if (!tool) return { ok: false, error: { code: 'unknown_tool', message: `There is no tool named ${name}` } };
      const param: Record<string, unknown> = {};
      const query: Record<string, unknown> = {};
      const pathNames = new Set([...tool.operation.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]));
      for (const [key, value] of Object.entries(args ?? {})) (pathNames.has(key) ? param : query)[key] = value;
      try {
        return { ok: true, data: await tool.run(deps, actor, { param, query }) };
      } catch (error) {
        if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message } };
        if (error instanceof z.ZodError) {
          const issue = error.issues[0];
          return {
            ok: false,
            error: { code: 'invalid_arguments', message: `${issue?.path.join('.')}: ${issue?.message}` },
          };
        }
        throw error;
      }
    },
  };
}
