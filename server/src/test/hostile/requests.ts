import fc from 'fast-check';
import type { Operation } from '../../contract/operations';
import { apiPath } from '../../contract/operations';
import { type Body, bodyFor, type Mode, wrongContentType } from './bodies';
import { fromSchema, type Hints, hostileNumber, hostileString, inputSchemaOf, searchSyntax } from './values';
import { CALLERS, type CallerName } from './world';

/** One generated request, before the caller's credentials are added (they may be re-minted). */
export interface HostileCase {
  operationId: string;
  method: string;
  /** Below the origin: `/api/...?...`, already encoded as it is sent. */
  url: string;
  caller: CallerName;
  /** Whose Origin header a write carries: ours, none, or another site's. */
  origin: 'own' | 'none' | 'foreign';
  contentType: string | null;
  /** Headers besides the caller's, Origin and Content-Type. */
  headers: Record<string, string>;
  body: string | Uint8Array | null;
  /** What was done to it, for the report. */
  note: string;
}

/** Path segments that are not ids: huge, negative, fractional, encoded slashes and NULs, bad escapes. */
const HOSTILE_SEGMENTS = [
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '1%20',
  '+1',
  '9'.repeat(40),
  '9007199254740993',
  'NaN',
  'Infinity',
  'undefined',
  'null',
  '__proto__',
  'constructor',
  'abc',
  '%2F',
  '1%2F2',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  '1%00',
  '%ZZ',
  '%E0%A4%A',
  '%F0%9F%98%80',
  '%E2%80%AE1',
  '%27%20OR%201%3D1',
  '*',
  '%25',
  'a'.repeat(100_001),
];

/** Keyword fields, where search syntax is the likeliest attack. */
const KEYWORD = /^(q|query|search|keyword|location|city|state|message)$/;

/** Percent-encoding that takes lone surrogates too: as the bytes of one, which are not UTF-8 at all. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((ch) => (/[\uD800-\uDFFF]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

function callerFor(op: Operation, mode: Mode): fc.Arbitrary<CallerName> {
  const admitted: CallerName[] = {
    public: ['visitor', 'customer', 'cleaner', 'admin'] as CallerName[],
    user: ['customer', 'cleaner'] as CallerName[],
    admin: ['admin'] as CallerName[],
    'user-or-admin': ['customer', 'cleaner', 'admin'] as CallerName[],
    partner: ['partner'] as CallerName[],
  }[op.security];
  if (op.partners) admitted.push('partner');
  if (op.guests) admitted.push('guest');
  return mode === 'valid' ? fc.constantFrom(...admitted) : fc.constantFrom(...CALLERS);
}

/** A value for a query or path text: what the schema asks, or something hostile. */
function textFor(name: string, valid: fc.Arbitrary<unknown>, mode: Mode): fc.Arbitrary<string> {
  if (mode === 'valid') return valid.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return KEYWORD.test(name)
    ? fc.oneof({ arbitrary: searchSyntax, weight: 3 }, hostileString)
    : fc.oneof(hostileString, hostileNumber.map(String));
}

function paramsFor(op: Operation, hints: Hints, mode: Mode): fc.Arbitrary<{ path: string; note: string }> {
  const names = [...op.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  if (names.length === 0) return fc.constant({ path: op.path, note: '' });
  const schema = op.request?.param ? inputSchemaOf(op.request.param) : undefined;
  const segment = (name: string) => {
    const property = schema?.root.properties?.[name] ?? {};
    const valid = fromSchema(property, schema?.defs ?? {}, hints, name).map((v) => ({
      text: encode(String(v)),
      hostile: false,
    }));
    if (mode === 'valid') return valid;
    // Each segment is broken or real on its own: a path with two often keeps one that exists.
    return fc.oneof(
      valid,
      fc.constantFrom(...HOSTILE_SEGMENTS).map((text) => ({ text, hostile: true })),
      hostileString.map((s) => ({ text: encode(s), hostile: true })),
    );
  };
  return fc.tuple(...names.map(segment)).map((segments) => {
    let path = op.path;
    names.forEach((name, i) => {
      path = path.replace(`:${name}`, segments[i]?.text ?? '');
    });
    const bad = names.filter((_, i) => segments[i]?.hostile);
    return { path, note: bad.length ? `hostile path ${bad.join(', ')}` : '' };
  });
}

function queryFor(op: Operation, hints: Hints, mode: Mode): fc.Arbitrary<{ query: string; note: string }> {
  const schema = op.request?.query ? inputSchemaOf(op.request.query) : undefined;
  const properties = Object.entries(schema?.root.properties ?? {});
  const names = properties.length ? properties.map(([name]) => name) : ['page'];
  const pairs = properties.map(([name, property]) =>
    fc.option(
      textFor(name, fromSchema(property, schema?.defs ?? {}, hints, name), 'valid').map((v) => [name, v] as const),
      { freq: 2 },
    ),
  );
  const valid = fc
    .tuple(...pairs)
    .map((chosen) => chosen.filter((p) => p !== null) as Array<readonly [string, string]>);
  const join = (all: ReadonlyArray<readonly [string, string]>) =>
    all.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  if (mode === 'valid') return valid.map((all) => ({ query: join(all), note: '' }));
  // One parameter broken at a time, so the others still pass and the broken one reaches its reader.
  const broken = fc.oneof(
    fc.constantFrom(...names).chain((name) =>
      textFor(name, fc.constant(''), 'hostile').map((v) => ({
        add: [[name, v] as const],
        replaces: true,
        note: `hostile ${name}`,
      })),
    ),
    fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '__proto__[isAdmin]'),
            fc.string({ maxLength: 10 }),
          ),
          hostileString,
        ),
        { minLength: 1, maxLength: 2 },
      )
      .map((extra) => ({ add: extra, replaces: false, note: 'unknown query keys' })),
    // A key sent twice arrives as an array where the schema expects text.
    fc
      .constantFrom(...names)
      .map((name) => ({ add: [[name, '1'] as const, [name, '2'] as const], replaces: false, note: `${name} twice` })),
  );
  return fc.tuple(valid, broken).map(([all, { add, replaces, note }]) => {
    const kept = replaces ? all.filter(([name]) => !add.some(([added]) => added === name)) : all;
    return { query: join([...kept, ...add]), note };
  });
}

/** Headers the server reads, with values a client should never send (kept to what fetch can carry). */
const latin1 = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').slice(0, 8000);
const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    'idempotency-key',
    'x-spotless-utm',
    'spotless-signature',
    'stripe-signature',
    'accept',
    'referer',
    'sec-fetch-site',
    'x-forwarded-for',
    'x-request-id',
    'if-none-match',
    'range',
  ),
  fc.oneof(hostileString.map(latin1), fc.constantFrom('utm_source=a&utm_source=b&utm_medium=%00', 't=1,v1=00', '*/*')),
  { minKeys: 1, maxKeys: 3 },
);

/**
 * What a case breaks. Most break one part of an otherwise proper request, so the break reaches the
 * code that reads that part (a hostile body behind a wrong Origin only ever meets the CSRF check);
 * `valid` sends the contract's own values (with hostile text where text is allowed), `all` breaks
 * anything at once.
 */
const FOCUS = [
  { arbitrary: fc.constant('valid' as const), weight: 3 },
  { arbitrary: fc.constant('body' as const), weight: 5 },
  { arbitrary: fc.constant('path' as const), weight: 2 },
  { arbitrary: fc.constant('query' as const), weight: 2 },
  { arbitrary: fc.constant('contentType' as const), weight: 1 },
  { arbitrary: fc.constant('caller' as const), weight: 2 },
  { arbitrary: fc.constant('origin' as const), weight: 1 },
  { arbitrary: fc.constant('headers' as const), weight: 1 },
  { arbitrary: fc.constant('method' as const), weight: 1 },
  { arbitrary: fc.constant('all' as const), weight: 2 },
];
type Focus = (typeof FOCUS)[number]['arbitrary'] extends fc.Arbitrary<infer F> ? F : never;

/** Every request the fuzzer may send to `op`, from its own schemas and the world's ids. */
export function hostileRequests(op: Operation, hints: Hints): fc.Arbitrary<HostileCase> {
  const own = op.method.toUpperCase();
  return fc.oneof(...FOCUS).chain((focus: Focus) => {
    const mode = (part: Focus): Mode => (focus === part || focus === 'all' ? 'hostile' : 'valid');
    const body: fc.Arbitrary<Body> =
      focus === 'contentType' ? wrongContentType(op, hints) : bodyFor(op, hints, mode('body'));
    const hasQuery = op.request?.query !== undefined;
    return fc
      .record({
        caller: callerFor(op, mode('caller')),
        origin:
          mode('origin') === 'valid'
            ? fc.constant('own' as const)
            : fc.constantFrom('none' as const, 'foreign' as const, 'own' as const),
        params: paramsFor(op, hints, mode('path')),
        query: hasQuery || mode('query') === 'hostile' ? queryFor(op, hints, mode('query')) : fc.constant(undefined),
        body,
        headers: mode('headers') === 'valid' ? fc.constant({}) : hostileHeaders,
        method:
          mode('method') === 'valid'
            ? fc.constant(own)
            : fc.constantFrom(...['OPTIONS', 'PATCH', 'PUT', 'DELETE', 'POST', 'GET'].filter((m) => m !== own)),
      })
      .map(({ caller, origin, params, query, body, headers, method }) => ({
        operationId: op.operationId,
        method,
        url: `${apiPath({ path: params.path })}${query?.query ? `?${query.query}` : ''}`,
        caller,
        origin,
        headers,
        contentType: body.contentType,
        body: body.body,
        note: [
          `breaks ${focus}`,
          params.note,
          query?.note,
          body.note,
          method === own ? '' : 'another method',
          Object.keys(headers).length ? `headers ${JSON.stringify(headers).slice(0, 200)}` : '',
        ]
          .filter(Boolean)
          .join('; '),
      }));
  });
}
