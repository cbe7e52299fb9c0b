import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Operation } from './contract/operations';
import { apiPath } from './contract/operations';
import { sessions, users } from './db/schema';
import { API_OPERATIONS } from './operations';
import {
  ASSISTANTS,
  type AssistantCaller,
  CALLERS,
  type Caller,
  callTool,
  isAssistant,
  type Request,
  send,
  sendAsAssistant,
} from './test/access-callers';
import { contactsAllowed, contactsOf } from './test/access-contacts';
import {
  assistantRefusals,
  expectationsOf,
  isWrite,
  operationOf,
  TOOL_ERRORS,
  TOOLS,
} from './test/access-expectations';
import { type People, world } from './test/access-fixtures';
import { ROWS, type Row } from './test/access-rows';
import { contactKey, exposures, secretsIn } from './test/exposure';

/**
 * The access matrix: every operation of the table (decision 043) with what every kind of caller
 * gets. It is generated from `API_OPERATIONS`: an operation without its row fails, so nobody ships
 * one whose access was not decided.
 *
 * Each row states what the visitor, customers A and B, the cleaner, another cleaner and an
 * administrator (the shared password) get; B and the other cleaner probe A's and the cleaner's
 * rows by id, and are told they do not exist (decision 007). The other callers follow from the
 * rules, and a row states them only where the rules leave a choice:
 *
 * - a partner's key (decision 048) is refused every operation not marked `partners: true` (403);
 *   on the marked ones it gets what a visitor on its page gets, unless the row says otherwise;
 *   another partner's key gets the same; a key from an origin its partner did not allow gets 403;
 * - a guest token (decision 049) is refused every operation not marked `guests: true`; the row
 *   says what the marked ones answer its own booking's guest and another booking's (404);
 * - the assistant (decision 047) reaches the API only through its tools: a tool answers what its
 *   person reads over HTTP and never more, any other operation is no tool, and every write
 *   service refuses the assistant should it ever be handed one (401 acting for a visitor where a
 *   person is needed, 404 for a row that is not its person's, else 403).
 *
 * Every 2xx answer is then searched for credentials and other people's contact details.
 *
 * The rows live in `test/access-rows/`, one file a domain; the rules for the other callers in
 * `test/access-expectations.ts`.
 */

/** `/api` routes that serve no operation: the API's own description. */
const DESCRIPTION_ROUTES: Record<string, Request> = {
  'GET /api/openapi.json': { path: '/api/openapi.json' },
  'GET /api/docs': { path: '/api/docs' },
};

const byId = new Map(API_OPERATIONS.map((op) => [op.operationId, op]));

interface Answer {
  row: string;
  caller: Caller;
  request: Request;
  body: unknown;
  reveals: People[];
  carries: string[];
}
const answers: Answer[] = [];

async function json(res: Response): Promise<unknown> {
  if (!(res.headers.get('content-type') ?? '').includes('json')) return undefined;
  return res.json();
}

/** Every number under an `id` key: the rows an answer shows. */
function idsIn(value: unknown, out = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const item of value) idsIn(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'id' && typeof item === 'number') out.add(item);
      else idsIn(item, out);
    }
  }
  return out;
}

async function runRow(key: string, op: Operation, row: Row) {
  const expected = expectationsOf(key, op, row);
  const got: Partial<Record<Caller, number | string>> = {};
  const notes: string[] = [];
  const httpBodies = new Map<Caller, unknown>();
  const method = op.method.toUpperCase();
  const remember = (caller: Caller, request: Request, status: number, body: unknown) => {
    if (status >= 200 && status < 300 && body !== undefined) {
      answers.push({ row: key, caller, request, body, reveals: row.reveals ?? [], carries: row.carries ?? [] });
    }
  };
  const asHttp = async (caller: Caller) => {
    const request = await row.request(world, caller);
    const res = await send(caller, method, request);
    got[caller] = res.status;
    const body = await json(res);
    httpBodies.set(caller, body);
    remember(caller, request, res.status, body);
    if (res.status !== expected[caller]) notes.push(`${caller}: ${JSON.stringify(body)?.slice(0, 300)}`);
  };
  const asAssistant = async (caller: AssistantCaller) => {
    const readsAs = ASSISTANTS[caller].readsAs;
    const tool = await callTool(caller, op, await row.request(world, readsAs));
    if (TOOLS.has(op.operationId)) {
      got[caller] = tool.ok ? 200 : (TOOL_ERRORS[tool.error.code] ?? tool.error.code);
      if (!tool.ok) return;
      remember(caller, await row.request(world, readsAs), 200, tool.data);
      // Never more than its person: every row the tool shows, their own answer shows too.
      const shown = idsIn(httpBodies.get(readsAs));
      const more = [...idsIn(tool.data)].filter((id) => !shown.has(id));
      if (more.length > 0) got[caller] = `shows what its person is not shown: ids ${more.join(', ')}`;
      return;
    }
    got[caller] = tool.ok ? 'ok' : tool.error.code;
    if (!isWrite(op)) return;
    const res = await sendAsAssistant(caller, method, await row.request(world, readsAs));
    const refused = row.assistant === undefined && assistantRefusals(op, row, caller).includes(res.status);
    got[caller] = `${got[caller]}+${refused ? 'refused' : res.status}`;
    if (got[caller] !== expected[caller]) notes.push(`${caller}: ${(await res.text()).slice(0, 300)}`);
  };
  // Callers are independent clients, so they ask at once (a sign-up's hashing overlaps another's);
  // the assistants ask last, measured against what their people were answered.
  const callers = CALLERS.filter((caller) => caller in expected);
  await Promise.all(callers.filter((caller) => !isAssistant(caller)).map(asHttp));
  await Promise.all(callers.filter(isAssistant).map(asAssistant));
  expect(got, notes.join('\n')).toEqual(expected);
}

describe('access matrix: every operation × every kind of caller', () => {
  it('has a row for every operation of the table, and none for an operation that does not exist', () => {
    expect(
      API_OPERATIONS.map((op) => op.operationId).filter((id) => !(id in ROWS)),
      'operations without a row',
    ).toEqual([]);
    expect(
      Object.keys(ROWS).filter((key) => !byId.has(operationOf(key))),
      'rows without an operation',
    ).toEqual([]);
  });

  it('serves every /api route from an operation, but the API description', () => {
    const served = new Set(API_OPERATIONS.map((op) => `${op.method.toUpperCase()} ${apiPath(op)}`));
    const routes = world.ctx.app.routes
      .filter((r) => r.method !== 'ALL' && (r.path === '/api' || r.path.startsWith('/api/')))
      .map((r) => `${r.method} ${r.path}`);
    expect(routes.filter((route) => !served.has(route) && !(route in DESCRIPTION_ROUTES))).toEqual([]);
  });

  for (const op of API_OPERATIONS) {
    const keys = Object.keys(ROWS).filter((key) => operationOf(key) === op.operationId);
    if (keys.length === 0) {
      it(`${op.operationId} (${op.method.toUpperCase()} ${apiPath(op)})`, () => {
        throw new Error(`${op.operationId} has no row: decide what every caller gets`);
      });
    }
    for (const key of keys) {
      it(`${key} (${op.method.toUpperCase()} ${apiPath(op)})`, () => runRow(key, op, ROWS[key] as Row));
    }
  }

  for (const [route, request] of Object.entries(DESCRIPTION_ROUTES)) {
    it(`${route}: public to every HTTP caller with a working credential`, async () => {
      const got: Partial<Record<Caller, number>> = {};
      const want: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS.filter((c) => !isAssistant(c))) {
        got[caller] = (await send(caller, 'GET', request)).status;
        want[caller] = caller === 'partnerElsewhere' ? 403 : 200;
      }
      expect(got).toEqual(want);
    });
  }

  it('finds a credential or a contact detail when one is planted in an answer', async () => {
    const { db } = world.ctx.database;
    const secrets = await secretsIn(db, world.heldTokens);
    const [a] = await db.select().from(users).where(eq(users.id, world.userIds.customerA));
    const [session] = await db.select({ id: sessions.id }).from(sessions).limit(1);
    const held = [...world.heldTokens][0];
    const { customerB } = world.people;
    const planted = {
      user: { id: 1, passwordHash: 'never-this' },
      items: [{ note: `hash ${a?.passwordHash}` }, { id: session?.id }, { token: held }],
      contact: { email: customerB.email.toUpperCase(), note: `call ${customerB.phone.replace(/ /g, '-')}` },
    };
    const allowed = await contactsAllowed(db);
    expect(exposures(planted, secrets, allowed.get('customerA') ?? new Set())).toEqual([
      '$.user.passwordHash: a credential field',
      '$.items[0].note: a credential',
      '$.items[1].id: a credential',
      '$.items[2].token: a credential',
      `$.contact.email: the e-mail address ${customerB.email.toUpperCase()}`,
      expect.stringMatching(/^\$\.contact\.note: the phone number/),
    ]);
    expect(exposures(planted.contact, secrets, allowed.get('customerB') ?? new Set())).toEqual([]);
  });

  it('carries no credential, and nobody else’s e-mail address or phone number, in any 2xx answer', async () => {
    const { db } = world.ctx.database;
    const secrets = await secretsIn(db, world.heldTokens);
    const allowed = await contactsAllowed(db);
    const problems: string[] = [];
    for (const answer of answers) {
      const maySee = new Set(allowed.get(answer.caller));
      for (const person of answer.reveals) {
        for (const value of await contactsOf(db, world.userIds[person])) maySee.add(contactKey(value));
      }
      // What the caller sent comes back to them: the address they signed up or booked with.
      const sent = JSON.stringify(answer.request.body ?? '').toLowerCase();
      const sentDigits = sent.replace(/\D/g, '');
      for (const key of secrets.contacts) {
        if (key.includes('@') ? sent.includes(key) : sentDigits.includes(key)) maySee.add(key);
      }
      // An administrator session sees people's addresses by design: credentials are still checked.
      if (answer.caller === 'admin') for (const key of secrets.contacts) maySee.add(key);
      for (const finding of exposures(answer.body, secrets, maySee, answer.carries)) {
        problems.push(`${answer.row} as ${answer.caller}: ${finding}`);
      }
    }
    expect(problems).toEqual([]);
    expect(answers.length).toBeGreaterThan(300);
  });
});
