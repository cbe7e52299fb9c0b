import { answerTurn, openTurn, startChat } from '../chat/chat.service';
import { EVAL_NOW } from '../chat/eval/case';
import { demoCustomer, plantCleaners } from '../chat/eval/evaluate';
import { type Actor, visitor } from '../contract/actor';
import { seedDemoData } from '../seed/generate';
import { createTestContext } from './harness';

/**
 * A seeded world for asking the offline assistant questions: 200 demo cleaners at the evaluation's
 * clock, the planted cleaners every eval question may name, the demo customer, and `ask`.
 */
export async function assistantWorld() {
  const ctx = await createTestContext({ now: EVAL_NOW.toISOString() });
  await seedDemoData(ctx.database, { cleaners: 200, now: EVAL_NOW, demoAccounts: true, seed: 5 });
  const planted = await plantCleaners(ctx);
  const customer = await demoCustomer(ctx);
  async function ask(actor: Actor, message: string, timeZone: string | null = 'America/Chicago') {
    const { sessionId } = await startChat(ctx.deps, actor);
    const turn = await openTurn(ctx.deps, actor, sessionId);
    return answerTurn(ctx.deps, turn, message, { siteOrigin: 'http://localhost:8787', timeZone });
  }
  return { ctx, planted, customer, visitor, ask };
}
