import fc from 'fast-check';
import type { Operation } from '../../contract/operations';
import {
  DEEP,
  deepText,
  fromSchema,
  type Hints,
  hostileString,
  hostileValue,
  inputSchemaOf,
  jsonText,
  mutated,
  prototypeKeys,
} from './values';

/** A request body as sent: its Content-Type (null: none), its bytes, and what was done to it. */
export type Body = { contentType: string | null; body: string | Uint8Array | null; note: string };

/** How a part of the request is made: as the contract asks, or broken. */
export type Mode = 'valid' | 'hostile';

/** Content types a JSON route does not take, or takes only by a lenient reading. */
const WRONG_CONTENT_TYPES = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/merge-patch+json',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/json, text/plain',
];

/** Bodies that are not JSON, or not quite: truncated, trailing garbage, duplicate keys, too deep. */
function brokenJson(valid: string): fc.Arbitrary<{ text: string; note: string }> {
  return fc.oneof(
    fc.nat().map((n) => ({ text: valid.slice(0, n % Math.max(valid.length, 1)), note: 'truncated JSON' })),
    fc
      .constantFrom('garbage', '}', ']', ',', '\u0000', ' {"a":1}', '\n\n--')
      .map((tail) => ({ text: valid + tail, note: 'trailing garbage' })),
    fc.tuple(fc.string({ maxLength: 12 }), hostileValue).map(([key, value]) => {
      const first = /^\{"([^"]*)"/.exec(valid)?.[1] ?? key;
      const inner = valid.startsWith('{') && valid.length > 2 ? `,${valid.slice(1)}` : '}';
      return { text: `{${JSON.stringify(first)}:${jsonText(value)}${inner}`, note: 'duplicate keys' };
    }),
    fc.constantFrom(
      { text: '', note: 'empty body' },
      { text: 'null', note: 'null body' },
      { text: 'NaN', note: 'NaN body' },
      { text: '{"a": NaN, "b": Infinity}', note: 'NaN in JSON' },
      { text: `\uFEFF${valid}`, note: 'byte order mark' },
      { text: "{'a': 1}", note: 'single quotes' },
      { text: '{"a": 01}', note: 'leading zero' },
      { text: '{"a": "\\ud800"}', note: 'lone surrogate escape' },
      { text: '{"a": "\\u0000"}', note: 'NUL escape' },
      { text: deepText(DEEP * 2, 'array'), note: 'deep arrays' },
      { text: deepText(DEEP * 2, 'object'), note: 'deep objects' },
      { text: `[${'1,'.repeat(50_000)}1]`, note: 'long array' },
      { text: `{"a":"${'x'.repeat(200_000)}"}`, note: 'huge string' },
      { text: `{"a":"${'x'.repeat(1_100_000)}"}`, note: 'over the body limit' },
    ),
  );
}

function multipart(fields: ReadonlyArray<readonly [string, string | Uint8Array]>, boundary = 'fuzz'): Uint8Array {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    const file = typeof value !== 'string';
    const disposition = `form-data; name="${name}"${file ? '; filename="x.png"\r\nContent-Type: image/png' : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.from(value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Form parts named as the operation's fields (or not), carrying random bytes, a PNG's first bytes or text. */
function multipartBody(op: Operation, hints: Hints, mode: Mode): fc.Arbitrary<Body> {
  const schema = op.body?.schema ? inputSchemaOf(op.body.schema) : undefined;
  const names = Object.keys(schema?.root.properties ?? { file: {} });
  const part = fc.tuple(
    fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 3 }, fc.string({ maxLength: 8 })),
    fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((b) => b as string | Uint8Array),
      fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
      fc.oneof(fromSchema({ type: 'string' }, {}, hints).map(String), hostileString),
    ),
  );
  const whole = fc.array(part, { maxLength: 4 }).map((parts) => ({
    contentType: 'multipart/form-data; boundary=fuzz',
    body: multipart(parts),
    note: 'multipart',
  }));
  if (mode === 'valid') return whole;
  const broken = fc.array(part, { maxLength: 2 }).chain((parts) =>
    fc.constantFrom(
      { contentType: 'multipart/form-data', body: multipart(parts), note: 'multipart without a boundary' },
      { contentType: 'multipart/form-data; boundary=other', body: multipart(parts), note: 'multipart, wrong boundary' },
      {
        contentType: 'multipart/form-data; boundary=fuzz',
        body: multipart(parts).slice(0, 40),
        note: 'truncated multipart',
      },
    ),
  );
  return fc.oneof(whole, broken);
}

/**
 * A JSON body from the operation's schema: as the schema has it (with hostile text where text is
 * allowed), or with fields dropped, mistyped and added, or not an object, or not JSON at all.
 */
function jsonBody(op: Operation, hints: Hints, mode: Mode): fc.Arbitrary<Body> {
  const schema = op.request?.json ?? (op.body?.contentType === 'application/json' ? op.body.schema : undefined);
  const shape = schema ? inputSchemaOf(schema) : undefined;
  const valid: fc.Arbitrary<unknown> = shape ? fromSchema(shape.root, shape.defs, hints) : fc.constant({});
  const asJson = (text: string, note: string): Body => ({ contentType: 'application/json', body: text, note });
  if (mode === 'valid') return valid.map((v) => asJson(jsonText(v), 'schema-shaped'));
  const keys = Object.keys(shape?.root.properties ?? {});
  return fc.oneof(
    {
      arbitrary: fc.tuple(valid, mutated(keys)).map(([v, change]) => asJson(jsonText(change(v)), 'mutated fields')),
      weight: 5,
    },
    fc.constant(null).map(() => asJson(jsonText(prototypeKeys()), 'prototype keys')),
    hostileValue.map((v) => asJson(jsonText(v), 'not an object')),
    { arbitrary: valid.chain((v) => brokenJson(jsonText(v))).map(({ text, note }) => asJson(text, note)), weight: 2 },
  );
}

/** The right body sent as the wrong content type (or none): JSON as form data, as text, as multipart. */
export function wrongContentType(op: Operation, hints: Hints): fc.Arbitrary<Body> {
  return fc.tuple(bodyFor(op, hints, 'valid'), fc.constantFrom(...WRONG_CONTENT_TYPES)).map(([body, contentType]) => ({
    ...body,
    contentType,
    note: `${body.note}, as ${contentType ?? 'no content type'}`,
  }));
}

/** The body `op` takes (none for a read), made as `mode` says. */
export function bodyFor(op: Operation, hints: Hints, mode: Mode): fc.Arbitrary<Body> {
  const none = fc.constant<Body>({ contentType: null, body: null, note: '' });
  if (op.method === 'get') return none;
  if (op.body?.contentType === 'multipart/form-data') {
    return mode === 'valid'
      ? multipartBody(op, hints, mode)
      : fc.oneof({ arbitrary: multipartBody(op, hints, mode), weight: 3 }, jsonBody(op, hints, mode));
  }
  if (op.request?.json || op.body) return jsonBody(op, hints, mode);
  // An operation without a body: none, or one it should ignore.
  return mode === 'valid' ? none : fc.oneof(jsonBody(op, hints, mode), multipartBody(op, hints, mode));
}
