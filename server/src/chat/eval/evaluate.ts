import { eq } from 'drizzle-orm';
import { type Actor, visitor } from '../../contract/actor';
import { cleaners, users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { AssistantEngine, Toolbox } from '../../lib/assistant-engine';
import { DEMO_CLEANER_EMAIL, DEMO_CUSTOMER_EMAIL } from '../../seed/demo-accounts';
import { answerTurn, openTurn, startChat } from '../chat.service';
import { offlineEngine } from '../offline/engine';
import type { EvalCase } from './case';
import { verdict } from './judge';

/**
 * Runs the labelled question set (decision 047) through the chat service — the real tools over a
 * seeded database — and scores each answer by machine: the right article, the right filters with
 * every linked cleaner satisfying them, the right cleaner and day, the person's own bookings, or a
 * refusal where one is due.
 */

export { plantCleaners } from '../../seed/planted-cleaners';

/** One offline engine for every case, as the server keeps one per configuration. */
const offline = offlineEngine();

type EvalDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'logger' | 'assistant' | 'payments'>;

export interface CaseResult {
  id: string;
  passed: boolean;
  /** Right, "not sure" (the engine said so, acceptable) or wrong. */
  outcome: 'right' | 'unsure' | 'wrong';
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
  context: { planted: Map<string, number>; customer: Actor; cleaner?: Actor; engine?: AssistantEngine },
): Promise<CaseResult> {
  const actor = c.as === 'customer' ? context.customer : c.as === 'cleaner' ? context.cleaner : visitor;
  if (!actor) throw new Error(`case ${c.id} asks as a cleaner: pass the demo cleaner`);
  const { sessionId } = await startChat(deps, actor);
  const turn = await openTurn(deps, actor, sessionId);
  const spent = { tools: 0, reply: 0 };
  const engine = timed(context.engine ?? offline, spent);
  const answer = await answerTurn(deps, turn, c.question, {
    siteOrigin: 'http://localhost:8787',
    engine,
    timeZone: c.timeZone ?? 'America/Chicago',
  });
  const engineMs = spent.reply - spent.tools;
  const judged = await verdict(deps, c.expect, answer, context);
  const why = judged.outcome === 'right' ? undefined : judged.why;
  return {
    id: c.id,
    passed: judged.outcome === 'right',
    outcome: judged.outcome,
    ...(why ? { why } : {}),
    response: answer.text,
    engineMs,
  };
}

/** The seeded demo customer, as the `customer` of the question set. */
export async function demoCustomer(deps: Pick<Deps, 'database'>): Promise<Actor> {
  const [row] = await deps.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
  if (!row) throw new Error('the demo customer is not seeded');
  return { kind: 'customer', userId: row.id };
}

/** The seeded demo cleaner, as the `cleaner` of the question set. */
export async function demoCleaner(deps: Pick<Deps, 'database'>): Promise<Actor> {
  const [row] = await deps.database.db
    .select({ userId: users.id, cleanerId: cleaners.id })
    .from(users)
    .innerJoin(cleaners, eq(cleaners.userId, users.id))
    .where(eq(users.email, DEMO_CLEANER_EMAIL));
  if (!row) throw new Error('the demo cleaner is not seeded');
  return { kind: 'cleaner', ...row };
}

export interface Score {
  passed: number;
  /** Answers the engine marked unsure that were not right: acceptable, not counted as wrong. */
  unsure: number;
  wrong: number;
  total: number;
  share: number;
  failures: CaseResult[];
  results: CaseResult[];
}

export async function score(
  deps: EvalDeps,
  cases: readonly EvalCase[],
  context: { planted: Map<string, number>; customer: Actor; cleaner?: Actor; engine?: AssistantEngine },
): Promise<Score> {
  const results: CaseResult[] = [];
  for (const c of cases) results.push(await runCase(deps, c, context));
  const passed = results.filter((r) => r.passed).length;
  const unsure = results.filter((r) => r.outcome === 'unsure').length;
  return {
    passed,
    unsure,
    wrong: results.length - passed - unsure,
    total: results.length,
    share: passed / Math.max(1, results.length),
    failures: results.filter((r) => !r.passed),
    results,
  };
}
