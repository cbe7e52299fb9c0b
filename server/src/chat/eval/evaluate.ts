import { lookupCity } from '@spotless/sdk/cities';
import { eq } from 'drizzle-orm';
import { type Actor, visitor } from '../../contract/actor';
import { cleaners, users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { AssistantEngine, Toolbox } from '../../lib/assistant-engine';
import { distanceMiles } from '../../lib/geo';
import { DEMO_CUSTOMER_EMAIL } from '../../seed/demo-accounts';
import { answerTurn, type ChatTurn, openTurn, startChat } from '../chat.service';
import { offlineEngine } from '../offline/engine';
import type { EvalCase, Expectation } from './case';

/**
 * Runs the labelled question set (decision 047) through the chat service — the real tools over a
 * seeded database — and scores each answer by machine: the right article, the right filters with
 * every linked cleaner satisfying them, the right cleaner and day, the person's own bookings, or a
 * refusal where one is due.
 */

export { plantCleaners } from '../../seed/planted-cleaners';

/** One offline engine for every case, as the server keeps one per configuration. */
const offline = offlineEngine();

type EvalDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'logger' | 'assistant'>;

export interface CaseResult {
  id: string;
  passed: boolean;
  why?: string;
  response: string;
  /** Milliseconds the engine spent itself (parsing, ranking, writing), without its tool calls. */
  engineMs: number;
}

/** An engine whose reply is timed, its tool calls apart from its own work. */
function timed(engine: AssistantEngine, spent: { tools: number; reply: number }): AssistantEngine {
  return {
    name: engine.name,
    async reply(request, onDelta) {
      const toolbox: Toolbox = {
        tools: request.toolbox.tools,
        async call(name, args) {
          const start = performance.now();
          try {
            return await request.toolbox.call(name, args);
          } finally {
            spent.tools += performance.now() - start;
          }
        },
      };
      const start = performance.now();
      try {
        return await engine.reply({ ...request, toolbox }, onDelta);
      } finally {
        spent.reply += performance.now() - start;
      }
    },
  };
}

export async function runCase(
  deps: EvalDeps,
  c: EvalCase,
  context: { planted: Map<string, number>; customer: Actor; engine?: AssistantEngine },
): Promise<CaseResult> {
  const actor = c.as === 'customer' ? context.customer : visitor;
  const { sessionId } = await startChat(deps, actor);
  const turn = await openTurn(deps, actor, sessionId);
  const spent = { tools: 0, reply: 0 };
  const engine = timed(context.engine ?? offline, spent);
  const answer = await answerTurn(deps, turn, c.question, { siteOrigin: 'http://localhost:8787', engine });
  const engineMs = spent.reply - spent.tools;
  const why = await judge(deps, c.expect, answer, context.planted);
  return { id: c.id, passed: why === null, ...(why ? { why } : {}), response: answer.text, engineMs };
}

const FILTER_KEYS = [
  'query',
  'city',
  'state',
  'location',
  'serviceType',
  'maxPrice',
  'minRating',
  'isVerified',
  'isInsured',
  'isBonded',
  'sortBy',
];

function sameFilters(got: Record<string, unknown>, want: Record<string, unknown>): string | null {
  const keys = new Set([...Object.keys(want), ...Object.keys(got).filter((k) => FILTER_KEYS.includes(k))]);
  for (const key of keys) {
    const a = got[key];
    const b = want[key];
    const same = typeof b === 'string' && typeof a === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b;
    if (!same) return `filter ${key}: got ${JSON.stringify(a)}, want ${JSON.stringify(b)}`;
  }
  return null;
}

/** Null when the answer is right, else why not. */
async function judge(
  deps: EvalDeps,
  expect: Expectation,
  answer: ChatTurn,
  planted: Map<string, number>,
): Promise<string | null> {
  const trace = answer.trace;
  const cleanerPages = answer.pages.filter((p) => p.rel === 'cleaner');
  if (/https?:\/\//.test(answer.text)) return 'an absolute link';
  switch (expect.kind) {
    case 'article': {
      const first = trace.articles?.[0];
      if (trace.intent === 'refusal') return `refused (${trace.refusal})`;
      if (!first || !expect.articles.includes(first))
        return `article ${first ?? 'none'}, want ${expect.articles.join('|')}`;
      for (const word of expect.mentions ?? []) {
        if (!answer.text.toLowerCase().includes(word.toLowerCase())) return `does not mention ${word}`;
      }
      return null;
    }
    case 'search': {
      if (trace.intent !== 'search') return `intent ${trace.intent}, want search`;
      const differs = sameFilters(trace.filters ?? {}, expect.filters);
      if (differs) return differs;
      const listing = answer.pages.find((p) => p.rel === 'listing');
      if (!listing) return 'no listing link';
      const params = Object.fromEntries(new URL(listing.href, 'http://x').searchParams);
      for (const [key, value] of Object.entries(expect.filters)) {
        if (String(params[key] ?? '').toLowerCase() !== String(value).toLowerCase()) return `listing lacks ${key}`;
      }
      for (const page of cleanerPages) {
        const broken = await violates(deps, Number(page.href.split('/').at(-1)), expect.filters);
        if (broken) return `${page.href} ${broken}`;
      }
      return null;
    }
    case 'availability': {
      if (trace.intent !== 'availability') return `intent ${trace.intent}, want availability`;
      const want = planted.get(expect.cleaner.split(' ')[0] ?? '');
      const got = trace.availability;
      if (!got || got.cleanerId !== want) return `cleaner ${got?.cleanerId}, want ${want}`;
      if (expect.date && got.date !== expect.date) return `date ${got.date}, want ${expect.date}`;
      if (expect.weekday !== undefined) {
        const day = got.date ? new Date(`${got.date}T12:00:00Z`).getUTCDay() : null;
        if (day !== expect.weekday) return `weekday ${day}, want ${expect.weekday}`;
      }
      if (expect.timeOfDay && got.timeOfDay !== expect.timeOfDay) return `time of day ${got.timeOfDay}`;
      if (!answer.pages.some((p) => p.href.startsWith(`/booking/${want}`) || p.href === `/cleaner/${want}`)) {
        return 'no link to the cleaner or their booking page';
      }
      return null;
    }
    case 'bookings':
      if (trace.intent !== 'bookings') return `intent ${trace.intent}, want bookings`;
      if (trace.bookings?.question !== expect.question) return `question ${trace.bookings?.question}`;
      if ((trace.bookings?.bookingIds.length ?? 0) === 0) return 'no booking named';
      return answer.pages.some((p) => p.href === '/dashboard') ? null : 'no link to My Bookings';
    case 'services':
      return trace.intent === 'services' ? null : `intent ${trace.intent}, want services`;
    case 'refusal':
      if (trace.intent !== 'refusal' || trace.refusal !== expect.reason) {
        return `got ${trace.intent}${trace.refusal ? ` (${trace.refusal})` : ''}, want refusal ${expect.reason}`;
      }
      return cleanerPages.length > 0 ? 'a refusal listed cleaners' : null;
  }
}

/** Why a linked cleaner does not satisfy the filters, or null. */
async function violates(deps: EvalDeps, id: number, filters: Record<string, unknown>): Promise<string | null> {
  const [row] = await deps.database.db.select().from(cleaners).where(eq(cleaners.id, id));
  if (row?.status !== 'active') return 'is not an active cleaner';
  const place = typeof filters.location === 'string' ? lookupCity(filters.location) : undefined;
  if (place && distanceMiles(place, row) > 25.01) return `is not within 25 miles of ${place.name}`;
  if (filters.state && row.state !== filters.state) return `is in ${row.state}`;
  if (filters.serviceType && !(row.serviceTypes as string[]).includes(String(filters.serviceType))) {
    return `does not offer ${filters.serviceType}`;
  }
  if (filters.maxPrice !== undefined && row.hourlyRateCents > Number(filters.maxPrice) * 100) return 'costs more';
  if (filters.minRating !== undefined && (row.rating ?? 0) < Number(filters.minRating)) return 'is rated lower';
  if (filters.isVerified && !row.isVerified) return 'is not verified';
  if (filters.isInsured && !row.isInsured) return 'is not insured';
  if (filters.isBonded && !row.isBonded) return 'is not bonded';
  return null;
}

/** The seeded demo customer, as the `customer` of the question set. */
export async function demoCustomer(deps: Pick<Deps, 'database'>): Promise<Actor> {
  const [row] = await deps.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
  if (!row) throw new Error('the demo customer is not seeded');
  return { kind: 'customer', userId: row.id };
}

export interface Score {
  passed: number;
  total: number;
  share: number;
  failures: CaseResult[];
  results: CaseResult[];
}

export async function score(
  deps: EvalDeps,
  cases: readonly EvalCase[],
  context: { planted: Map<string, number>; customer: Actor; engine?: AssistantEngine },
): Promise<Score> {
  const results: CaseResult[] = [];
  for (const c of cases) results.push(await runCase(deps, c, context));
  const passed = results.filter((r) => r.passed).length;
  return {
    passed,
    total: results.length,
    share: passed / Math.max(1, results.length),
    failures: results.filter((r) => !r.passed),
    results,
  };
}
