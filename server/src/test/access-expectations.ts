/**
 * What every caller of the access matrix (`permissions.test.ts`) gets from an operation: its row
 * says it for the people, and the rules of the matrix say it for partner keys, guest tokens and
 * the assistant.
 */
import { ASSISTANT_OPERATIONS } from '../chat/tools';
import type { Operation } from '../contract/operations';
import { ASSISTANTS, type AssistantCaller, type Caller } from './access-callers';
import type { Base, Row } from './access-rows';

export const TOOLS = new Set(ASSISTANT_OPERATIONS.map((op) => op.operationId));
export const operationOf = (key: string) => key.split(':')[0] as string;
/** What a tool's refusal means, as the status the route would answer. */
export const TOOL_ERRORS: Record<string, number> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  cleaner_profile_not_found: 404,
};
export const isWrite = (op: Operation) => op.method !== 'get';

/** A probe of an operation its row already covers, with other arguments (`listBookings:jobs`). */
const isVariant = (key: string) => key.includes(':');

/**
 * What a write service may answer the assistant: refused for want of a person (401, acting for a
 * visitor), as a write (403), or told the row is not there when it is not its person's (404).
 */
export function assistantRefusals(op: Operation, row: Row, caller: AssistantCaller): number[] {
  const needsPerson = ['user', 'user-or-admin', 'admin'].includes(op.security) && caller === 'assistantVisitor';
  return [needsPerson ? 401 : 403, ...(row.expect[ASSISTANTS[caller].readsAs as Base] === 404 ? [404] : [])];
}

/**
 * What every caller gets, from the row and the rules above. A variant row leaves the assistant out:
 * its tool takes only the arguments the tool describes (no cleaner's jobs, for one), so the base row
 * is where the assistant meets the operation.
 */
export function expectationsOf(key: string, op: Operation, row: Row): Partial<Record<Caller, number | string>> {
  const wanted = (caller: 'partner' | 'guest' | 'otherGuest', flag: boolean | undefined, fallback?: number) => {
    const stated = row.expect[caller];
    if (!flag) {
      if (stated !== undefined) throw new Error(`${op.operationId} is not open to a ${caller}: its row says ${stated}`);
      return 403;
    }
    const value = stated ?? fallback;
    if (value === undefined) throw new Error(`${op.operationId}'s row must say what a ${caller} gets`);
    return value;
  };
  const partner = wanted('partner', op.partners, row.expect.visitor);
  const out: Partial<Record<Caller, number | string>> = {
    ...row.expect,
    partner,
    partnerElsewhere: 403,
    otherPartner: op.partners ? (row.expect.otherPartner ?? partner) : 403,
    guest: wanted('guest', op.guests),
    otherGuest: wanted('otherGuest', op.guests),
  };
  if (isVariant(key)) return out;
  for (const caller of Object.keys(ASSISTANTS) as AssistantCaller[]) {
    const { readsAs } = ASSISTANTS[caller];
    if (TOOLS.has(op.operationId)) out[caller] = Math.floor((out[readsAs] as number) / 100) === 2 ? 200 : out[readsAs];
    else if (!isWrite(op)) out[caller] = 'unknown_tool';
    else out[caller] = `unknown_tool+${row.assistant ?? 'refused'}`;
  }
  return out;
}
