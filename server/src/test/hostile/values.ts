import fc from 'fast-check';
import { z } from 'zod';

/** Over 100 KB: past every field's limit and the size where a careless copy starts to cost. */
export const HUGE = 100_001;
/** Deeper than any schema nests, deep enough to overflow a naive recursive walk. */
export const DEEP = 5_000;

const huge = [
  'a'.repeat(HUGE),
  '😀'.repeat(HUGE / 2),
  `e${'\u0301'.repeat(HUGE)}`,
  '\u0000'.repeat(HUGE),
  'NEAR('.repeat(HUGE / 5),
  '%_\\'.repeat(HUGE / 3),
  '9'.repeat(HUGE),
];

/** Text that has broken parsers, search engines and databases before. */
const TRICKY = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '0x1F',
  '9'.repeat(40),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀 👩‍👩‍👧‍👦',
  '\u202Eevil\u202C.exe',
  'שלום עולם',
  'مرحبا بالعالم',
  `Z${'\u0336\u0301\u0489'.repeat(30)}`,
  '\uD800',
  'x\uDFFFx',
  '\uFEFF',
  '\u2028\u2029',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  // A template placeholder on purpose: text a careless renderer would evaluate.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: hostile input, not a template
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '%00%2F%ZZ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
];

/** FTS5 query syntax and LIKE wildcards: what a keyword box passes to the database if not escaped. */
export const SEARCH_SYNTAX = [
  '"',
  '""',
  '"unterminated',
  '*',
  'clean*',
  '*clean',
  'NEAR(',
  'NEAR(a b, 2)',
  'NEAR(a b, -1)',
  '%',
  '%%',
  '_',
  '\\',
  '\\%',
  'a%b_c\\',
  'AND OR NOT',
  'AND',
  'NOT austin',
  'austin OR',
  '^',
  '^austin',
  '-',
  '-austin',
  'deep -clean',
  '(',
  ')',
  '()',
  'city:Austin',
  '{city bio}: x',
  '+',
  "'",
  'austin" OR "1',
];

export const hugeString = fc.constantFrom(...huge);
export const searchSyntax = fc
  .tuple(fc.constantFrom(...SEARCH_SYNTAX), fc.constantFrom(...SEARCH_SYNTAX), fc.constantFrom('', ' ', 'austin '))
  .map(([a, b, word]) => `${word}${a}${b}`);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...TRICKY), weight: 4 },
  { arbitrary: searchSyntax, weight: 3 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 20 }), weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    -1.5,
    1e308,
    -1e308,
    5e-324,
    2 ** 31,
    2 ** 32,
    2 ** 53 + 2,
    2 ** 63,
    -(2 ** 63),
    1e21,
    Number.MAX_SAFE_INTEGER,
  ),
  fc.double(),
  fc.integer(),
);

/** An object whose own keys are `__proto__`, `constructor` and `prototype`, as JSON.parse makes them. */
export const prototypeKeys = (): Record<string, unknown> =>
  JSON.parse(
    '{"__proto__":{"polluted":"yes","isAdmin":true,"role":"admin"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}',
  );

export const deepText = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * Stand-ins for values nested thousands deep: JSON.stringify itself overflows the stack on them, so
 * `jsonText` splices their text in instead (JSON.parse, on the server, takes them).
 */
const DEEP_ARRAY = '\u2063deep-array\u2063';
const DEEP_OBJECT = '\u2063deep-object\u2063';

/** `value` as JSON text, with the deep stand-ins written out. */
export function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null')
    .replaceAll(JSON.stringify(DEEP_ARRAY), deepText(DEEP, 'array'))
    .replaceAll(JSON.stringify(DEEP_OBJECT), deepText(DEEP, 'object'));
}

/** Any JSON value of the wrong kind for wherever it is put. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { a: 1 }), weight: 2 },
  { arbitrary: fc.constant(null).map(prototypeKeys), weight: 1 },
  { arbitrary: fc.constantFrom(DEEP_ARRAY, DEEP_OBJECT), weight: 1 },
  { arbitrary: fc.array(hostileString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
);

/** A JSON Schema as `z.toJSONSchema` writes it (the parts the generator reads). */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** The world's values a field name asks for, where a JSON Schema cannot say (a real id, a workday). */
export interface Hints {
  ids: readonly number[];
  dates: readonly string[];
  chatSessions: readonly string[];
  /** Calendar feeds that exist, as their path segment (`<token>.ics`). */
  calendarFeeds: readonly string[];
}

function hinted(name: string, hints: Hints): fc.Arbitrary<unknown> | undefined {
  if (name === 'sessionId') return fc.constantFrom(...hints.chatSessions);
  if (name === 'feedToken') return fc.constantFrom(...hints.calendarFeeds);
  if (/^id$|Id$/.test(name)) return fc.constantFrom(...hints.ids);
  if (/date$/i.test(name)) return fc.constantFrom(...hints.dates);
  if (/time$/i.test(name) && name !== 'timeSpent') return fc.constantFrom('09:00', '13:30', '17:00');
  if (name === 'duration') return fc.constantFrom(120, 180, 240);
  if (name === 'totalPrice') return fc.constantFrom('90.00', '135.00');
  if (/password/i.test(name)) return fc.constantFrom('demo-password', 'a-long-password');
  if (/email$/i.test(name)) return fc.constantFrom('customer@example.com', 'someone@example.com');
  return undefined;
}

/** An arbitrary of values `schema` (probably) accepts: what a client that read the contract sends. */
export function fromSchema(
  schema: JsonSchema,
  defs: Record<string, JsonSchema>,
  hints: Hints,
  name = '',
): fc.Arbitrary<unknown> {
  const hint = hinted(name, hints);
  const own = plain(schema, defs, hints, name);
  return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: own, weight: 1 }) : own;
}

function plain(
  schema: JsonSchema,
  defs: Record<string, JsonSchema>,
  hints: Hints,
  name: string,
): fc.Arbitrary<unknown> {
  if (schema.$ref) return fromSchema(defs[schema.$ref.split('/').pop() ?? ''] ?? {}, defs, hints, name);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((s) => fromSchema(s, defs, hints, name)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => plain({ ...schema, type }, defs, hints, name)));
  switch (types[0]) {
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.minimum !== undefined || schema.maximum !== undefined || schema.exclusiveMinimum !== undefined) {
        // A number sent as text (a query's): its bounds say more than its pattern.
        const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1000) + 1;
        return fc.integer({ min, max: schema.maximum ?? min + 1000 }).map(String);
      }
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        return fc.stringMatching(pattern).filter((s) => s.length <= (schema.maxLength ?? 1000));
      }
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      // Text a schema accepts can still carry NULs, bidi controls, astral characters and search syntax.
      const fits = (text: string) => text.length >= minLength && text.length <= (schema.maxLength ?? HUGE);
      const tricky = [...TRICKY, ...SEARCH_SYNTAX].filter(fits);
      return fc.oneof(
        { arbitrary: fc.string({ minLength, maxLength }), weight: 2 },
        fc.string({ unit: 'grapheme', minLength, maxLength }),
        tricky.length > 0 ? fc.constantFrom(...tricky) : fc.string({ minLength, maxLength }),
      );
    }
    case 'integer': {
      const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000);
      return fc.integer({ min, max: Math.min(schema.maximum ?? 10_000, min + 10_000) });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 10_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}, defs, hints, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, 3),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) model[key] = fromSchema(value, defs, hints, key);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** The JSON Schema of what `schema` takes as input, and its definitions. */
export function inputSchemaOf(schema: z.ZodType): { root: JsonSchema; defs: Record<string, JsonSchema> } {
  const converted = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const defs = converted.$defs ?? {};
  const root = converted.$ref ? (defs[converted.$ref.split('/').pop() ?? ''] ?? {}) : converted;
  return { root, defs };
}

type Mutation =
  | { kind: 'drop'; at: number }
  | { kind: 'set'; at: number; value: unknown }
  | { kind: 'extra'; name: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  { arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: hostileValue }), weight: 4 },
  fc.record({
    kind: fc.constant('extra' as const),
    name: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'isAdmin'), fc.string()),
    value: hostileValue,
  }),
);

/** `value` with a few fields dropped, replaced by hostile values, or added (`__proto__` as an own key). */
export function mutated(keys: readonly string[]): fc.Arbitrary<(value: unknown) => unknown> {
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => (value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const copy: Record<string, unknown> = { ...value };
    for (const m of mutations) {
      const key = keys.length > 0 ? keys[('at' in m ? m.at : 0) % keys.length] : undefined;
      if (m.kind === 'drop' && key) delete copy[key];
      else if (m.kind === 'set' && key) copy[key] = m.value;
      else if (m.kind === 'extra') {
        Object.defineProperty(copy, m.name, { value: m.value, enumerable: true, writable: true, configurable: true });
      }
    }
    return copy;
  });
}
