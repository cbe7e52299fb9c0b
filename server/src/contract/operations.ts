import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../deps';
import { type Actor, forbidden, refuseUnlessAudience } from './actor';
import type { Operations } from './hypermedia';
import { valid } from './validate';

/**
 * The operation table (decision 043): each domain describes its operations once, in
 * `<domain>.openapi.ts` — method, path, who may call, summary, input and output schemas. Route
 * files hold handlers only and take their path, authentication gate and validation from here;
 * the OpenAPI document, the links' hrefs and the assistant's tools are derived from the same
 * table.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call an operation, as OpenAPI security: nobody in particular, a signed-in user (the
 * session cookie), an administrator (the admin session cookie), either, or a partner's widget (its
 * publishable key, `X-Spotless-Key`).
 */
export type RouteSecurity = 'public' | 'user' | 'admin' | 'user-or-admin' | 'partner';

/** The request parts a validator checks before the handler runs, in this order. */
export interface RequestSchemas {
  param?: z.ZodType;
  query?: z.ZodType;
  header?: z.ZodType;
  json?: z.ZodType;
}
const TARGETS = ['param', 'query', 'header', 'json'] as const;

export interface OperationSpec {
  method: HttpMethod;
  /** The path below `/api`, with `:name` parameters, e.g. `/bookings/:id`. */
  path: string;
  security: RouteSecurity;
  summary: string;
  description?: string;
  tags: readonly string[];
  /**
   * A partner's publishable key may call it (decision 048): the widgets' public reads, their chat
   * and guest bookings. Every other operation answers a key alone 403 before reading its input.
   */
  partners?: boolean;
  /**
   * A guest token may call it (decision 049): its one booking's read and payment. The service
   * decides; every other operation answers a guest token 403 before reading its input.
   */
  guests?: boolean;
  /** Who may call it, in words, e.g. 'public', 'the booking’s customer', 'admin'. */
  access?: string;
  /** Validated before the handler runs; the handler reads the result with `inputOf(c, op)`. */
  request?: RequestSchemas;
  /** A request body the handler reads itself (an upload): its media type and the fields it carries. */
  body?: { contentType: 'multipart/form-data' | 'application/json'; schema: z.ZodType };
  /** Status → description and optional zod schema of the JSON body. */
  responses: Readonly<Record<number, { description: string; schema?: z.ZodType }>>;
}

export interface Operation extends OperationSpec {
  /** Unique, stable, camelCase: generated clients name their methods after it, and links name it. */
  operationId: string;
}

/** A domain's operations, keyed by operationId. */
export function defineOperations<const T extends Record<string, OperationSpec>>(
  specs: T,
): { readonly [K in keyof T]: T[K] & { operationId: K & string } } {
  const table: Record<string, Operation> = {};
  for (const [operationId, spec] of Object.entries(specs)) table[operationId] = { ...spec, operationId };
  return table as never;
}

/** Every operation of the given tables, checked for duplicate ids and method + path pairs. */
export function listOperations(tables: ReadonlyArray<Readonly<Record<string, Operation>>>): Operation[] {
  const byId = new Map<string, Operation>();
  const byRoute = new Map<string, string>();
  for (const table of tables) {
    for (const op of Object.values(table)) {
      if (byId.has(op.operationId)) throw new Error(`operationId ${op.operationId} is declared twice`);
      const route = `${op.method.toUpperCase()} ${op.path}`;
      const other = byRoute.get(route);
      if (other) throw new Error(`${route} is declared by both ${other} and ${op.operationId}`);
      byId.set(op.operationId, op);
      byRoute.set(route, op.operationId);
    }
  }
  return [...byId.values()];
}

const served = new WeakMap<object, Operation>();

/** The operation a route's first middleware serves, if it is one `endpoint()` made. */
export function operationServedBy(handler: object): Operation | undefined {
  return served.get(handler);
}

/**
 * Authentication before anything else (who is asking comes before what they sent): a signed-out
 * caller of a signed-in operation gets 401 before its input is read. Services still make every
 * permission decision themselves; this only answers early what they would answer anyway.
 */
function gate(op: OperationSpec, actor: Actor): void {
  if (actor.kind === 'partner' && !op.partners) {
    throw forbidden('Forbidden: a publishable key alone does not give access to this');
  }
  if (actor.kind === 'guest') {
    if (!op.guests) throw forbidden('Forbidden: a guest token is good for its booking only');
    return;
  }
  refuseUnlessAudience(actor, op.security);
}

/**
 * The path of `op` and the middleware that serves it: the authentication gate, then the
 * validators of `op.request` (param, query, header, json). Spread it into a route:
 *
 * @example
 * new Hono<AppEnv>().get(...endpoint(api.getBooking), async (c) => c.json(…))
 */
export function endpoint<const O extends Operation>(op: O): readonly [O['path'], MiddlewareHandler<AppEnv>] {
  const steps: MiddlewareHandler<AppEnv>[] = [];
  for (const target of TARGETS) {
    const schema = op.request?.[target];
    if (schema) steps.push(valid(target, schema) as unknown as MiddlewareHandler<AppEnv>);
  }
  // Not async: a route without validators (most reads) costs no promise of its own.
  const middleware: MiddlewareHandler<AppEnv> = (c, next) => {
    gate(op, c.get('actor'));
    const run = async (index: number): Promise<void> => {
      const step = steps[index];
      if (!step) return next();
      await step(c, () => run(index + 1));
    };
    return steps.length === 0 ? next() : run(0);
  };
  served.set(middleware, op);
  return [op.path, middleware] as const;
}

type Parsed<R> = { [K in keyof R]: R[K] extends z.ZodType ? z.output<R[K]> : never };

/** The validated input of `op`'s request parts, as its schemas output them. */
export function inputOf<const O extends Operation>(c: Context<AppEnv>, op: O): Parsed<NonNullable<O['request']>> {
  const parsed: Record<string, unknown> = {};
  for (const target of TARGETS) {
    if (op.request?.[target]) parsed[target] = c.req.valid(target as never);
  }
  return parsed as never;
}

type RouteTable = { routes: ReadonlyArray<{ method: string; path: string; handler: object }> };

/**
 * The operations `app` serves, in route order, after checking the table and the routes agree:
 * every `/api` route (but `exempt` ones) serves one operation of `table`, at the operation's
 * own method and path. A route written by hand, or an endpoint mounted elsewhere, stops the app
 * from starting.
 */
export function servedOperations(app: RouteTable, table: readonly Operation[], exempt: readonly string[]): Operation[] {
  const known = new Set(table);
  const groups = new Map<string, Operation | null>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const op = served.get(route.handler);
    if (op) {
      const expected = `${op.method.toUpperCase()} ${apiPath(op)}`;
      if (key !== expected) throw new Error(`${op.operationId} is declared at ${expected} but served at ${key}`);
      if (!known.has(op)) throw new Error(`${op.operationId} is served but not in the operation table`);
      groups.set(key, op);
    } else if (!groups.has(key)) groups.set(key, null);
  }
  const result: Operation[] = [];
  for (const [key, op] of groups) {
    const path = key.slice(key.indexOf(' ') + 1);
    const isApi = path === '/api' || path.startsWith('/api/');
    if (op) result.push(op);
    else if (isApi && !exempt.includes(path)) throw new Error(`${key} serves no operation of the table`);
  }
  return result;
}

/** The full path of an operation: its table path below `/api`. */
export function apiPath(op: Pick<Operation, 'path'>): string {
  return `/api${op.path === '/' ? '' : op.path}`;
}

/** Every operation of the table by operationId, with its full path (`/api/bookings/:id`). */
export function collectOperations(table: readonly Operation[]): Operations {
  return new Map(table.map((op) => [op.operationId, { method: op.method.toUpperCase(), path: apiPath(op) }]));
}

/** What every operation with a request, or behind a session, answers alike: written once here. */
const COMMON_RESPONSES = {
  invalid: { description: 'A field or parameter is missing or malformed; `fields` names each' },
  signedOut: { description: 'Signed out' },
  noAdminSession: { description: 'No admin session' },
  notAdmin: { description: 'Signed in, but not as an administrator' },
} as const;

/**
 * An operation's answers: the common ones its request and security imply (400, 401, 403), then
 * its own from the table, which win where both name a status.
 */
export function responsesOf(op: OperationSpec): OperationSpec['responses'] {
  const request = op.request ?? {};
  const common: Record<number, { description: string }> = {};
  if (request.param || request.query || request.json || op.body) common[400] = COMMON_RESPONSES.invalid;
  if (op.security === 'user' || op.security === 'user-or-admin') common[401] = COMMON_RESPONSES.signedOut;
  if (op.security === 'admin') {
    common[401] = COMMON_RESPONSES.noAdminSession;
    common[403] = COMMON_RESPONSES.notAdmin;
  }
  return { ...common, ...op.responses };
}
