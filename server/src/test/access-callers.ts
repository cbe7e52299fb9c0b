/**
 * The callers of the access matrix (`permissions.test.ts`) and how each reaches the API: over
 * HTTP with its own credentials (a session, a partner's key from an origin, a guest token), or, for
 * the assistant, through its toolbox — and, to see what a write service answers it, as the actor of
 * the same routes.
 */
import { Hono } from 'hono';
import { apiRoutes } from '../app';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { toolboxFor } from '../chat/tools';
import { assistantFor, type Person, visitor } from '../contract/actor';
import type { Operation } from '../contract/operations';
import { collectOperations } from '../contract/operations';
import type { AppEnv, Deps } from '../deps';
import { renderError } from '../middleware/error-response';
import { API_OPERATIONS } from '../operations';
import { localPaymentRoutes } from '../payments/payments.routes';
import { cancellationRefunds } from '../payments/refunds.service';
import { PARTNERS, type People, world } from './access-fixtures';

/** The hosted app's own origin: what a signed-in browser sends. */
export const SITE = 'http://localhost:8787';

export const CALLERS = [
  'visitor',
  'customerA',
  'customerB',
  'cleaner',
  'otherCleaner',
  'admin',
  /** Partner one's key from an origin it allowed. */
  'partner',
  /** Partner one's key from an origin it did not allow. */
  'partnerElsewhere',
  /** Partner two's key, from its own origin, on what partner one brought. */
  'otherPartner',
  /** The guest token of the guest booking (brought by partner one), sent by its widget. */
  'guest',
  /** The guest token of another guest booking (brought by partner two), on the first one. */
  'otherGuest',
  'assistantVisitor',
  'assistantA',
  'assistantB',
  'assistantCleaner',
  /** The assistant chatting with the person an administrator's browser is signed in as. */
  'assistantAdminPerson',
] as const;
export type Caller = (typeof CALLERS)[number];

/** Whom each assistant acts for, and the HTTP caller whose answers bound what it may read. */
export const ASSISTANTS = {
  assistantVisitor: { for: 'visitor', readsAs: 'visitor' },
  assistantA: { for: 'customerA', readsAs: 'customerA' },
  assistantB: { for: 'customerB', readsAs: 'customerB' },
  assistantCleaner: { for: 'cleaner', readsAs: 'cleaner' },
  // A person with nothing in the fixture: whatever the admin session may, its person reads as B does.
  assistantAdminPerson: { for: 'adminPerson', readsAs: 'customerB' },
} as const satisfies Record<string, { for: People | 'visitor'; readsAs: Caller }>;
export type AssistantCaller = keyof typeof ASSISTANTS;
export const isAssistant = (caller: Caller): caller is AssistantCaller => caller in ASSISTANTS;
export const isGuest = (caller: Caller) => caller === 'guest' || caller === 'otherGuest';

export type Request = { path: string; body?: unknown };

const { ctx, userIds, ownCleanerId } = world;
/** The person each signed-in caller is. */
const PERSON_OF: Partial<Record<Caller, People>> = {
  customerA: 'customerA',
  customerB: 'customerB',
  cleaner: 'cleaner',
  otherCleaner: 'otherCleaner',
};
const sessions = new Map<Caller, string>();
async function cookieOf(caller: Caller): Promise<string | undefined> {
  const person = PERSON_OF[caller];
  if (caller !== 'admin' && !person) return undefined;
  const held = sessions.get(caller);
  if (held) return held;
  const token = generateSessionToken();
  world.heldTokens.add(token);
  const kind = person ? 'user' : 'admin';
  await createSession(ctx.database, token, { userId: person ? userIds[person] : null, kind }, ctx.clock.now());
  const cookie = `${person ? SESSION_COOKIE : ADMIN_SESSION_COOKIE}=${token}`;
  sessions.set(caller, cookie);
  return cookie;
}

/** What each HTTP caller sends besides its request: cookies, a key and its origin, a guest token. */
async function headersOf(caller: Caller): Promise<Record<string, string>> {
  const widget = (partner: (typeof PARTNERS)['one' | 'two'], origin: string = partner.origin) => ({
    'x-spotless-key': partner.key,
    origin,
  });
  switch (caller) {
    case 'partner':
      return widget(PARTNERS.one);
    case 'partnerElsewhere':
      return widget(PARTNERS.one, 'https://elsewhere.example');
    case 'otherPartner':
      return widget(PARTNERS.two);
    case 'guest':
      return { ...widget(PARTNERS.one), authorization: `Bearer ${world.guestTokens.guest}` };
    case 'otherGuest':
      return { ...widget(PARTNERS.two), authorization: `Bearer ${world.guestTokens.otherGuest}` };
    default: {
      const cookie = await cookieOf(caller);
      return cookie ? { origin: SITE, cookie } : { origin: SITE };
    }
  }
}

/**
 * One request as `caller`. Sessions are made once per caller and kept; an answer that sets or
 * clears a session cookie (signing in, signing out) has replaced the one held, so the next request
 * gets a new one.
 */
export async function send(caller: Caller, method: string, { path, body }: Request): Promise<Response> {
  const headers: Record<string, string> = {
    ...(await headersOf(caller)),
    // Each caller is a client of its own address (the fixture trusts the proxy's header).
    'x-forwarded-for': `203.0.113.${CALLERS.indexOf(caller) + 1}`,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await ctx.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const names = [SESSION_COOKIE, ADMIN_SESSION_COOKIE];
  if (res.headers.getSetCookie().some((c) => names.some((name) => c.includes(`${name}=`)))) sessions.delete(caller);
  return res;
}

function assistantActor(caller: AssistantCaller) {
  const who = ASSISTANTS[caller].for;
  const person: Person | typeof visitor =
    who === 'visitor'
      ? visitor
      : who === 'cleaner'
        ? { kind: 'cleaner', userId: userIds.cleaner, cleanerId: ownCleanerId }
        : { kind: 'customer', userId: userIds[who] };
  return assistantFor(person, `matrix-${caller}`);
}

/** The assistant's only way in: a tool call, with the arguments read from the request's path and query. */
export async function callTool(caller: AssistantCaller, op: Operation, { path }: Request) {
  const url = new URL(path, SITE);
  const names = [...op.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
  const pattern = new RegExp(`^/api${op.path.replace(/:[A-Za-z0-9_]+/g, '([^/]+)')}$`);
  const values = pattern.exec(url.pathname)?.slice(1) ?? [];
  const args: Record<string, unknown> = Object.fromEntries(url.searchParams);
  names.forEach((name, i) => {
    args[name] = decodeURIComponent(values[i] ?? '');
  });
  return toolboxFor(ctx.deps, assistantActor(caller)).call(op.operationId, args);
}

/** Which assistant a request to `assistantApp` comes from: the test's own header, read by nothing else. */
const ACTING = 'x-matrix-assistant';
/**
 * The same routes, handlers and services with the assistant as the caller: what a write service
 * answers the assistant should it ever be handed one (it never is: its tools are reads).
 */
const assistantApp = new Hono<AppEnv>();
const deps: Deps = { ...ctx.deps, refunds: cancellationRefunds(ctx.deps) };
const operations = collectOperations(API_OPERATIONS);
assistantApp.use('*', (c, next) => {
  c.set('deps', deps);
  c.set('operations', operations);
  c.set('requestId', 'matrix');
  c.set('auth', { user: null, session: null, adminSession: null });
  c.set('partner', null);
  c.set('actor', assistantActor(c.req.header(ACTING) as AssistantCaller));
  return next();
});
assistantApp.route('/api', apiRoutes);
assistantApp.route('/api', localPaymentRoutes);
assistantApp.onError((err, c) => renderError(err, c, deps.logger));

export function sendAsAssistant(caller: AssistantCaller, method: string, { path, body }: Request) {
  const headers: Record<string, string> = { [ACTING]: caller };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return assistantApp.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The user whose own contact details each signed-in caller may be answered. */
export const ownUserOf = (caller: Caller): number | undefined => {
  const person = PERSON_OF[caller];
  return person ? userIds[person] : undefined;
};

/** The guest booking whose token a caller holds, if any. */
export const guestBookingOf = (caller: Caller): number | undefined =>
  caller === 'guest' ? world.guestBookingId : caller === 'otherGuest' ? world.otherGuestBookingId : undefined;
