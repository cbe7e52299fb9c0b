import type { z } from 'zod';
import { toJSONSchema } from 'zod';

/**
 * Links and actions (decision 033). Hrefs are built from the operation table by operationId, so
 * a renamed path changes every link with it and a link to a route that does not exist cannot be
 * written (it throws in the first test that renders it).
 */

export interface Operation {
  method: string;
  /** The full path with `:name` parameters, e.g. `/api/bookings/:id`. */
  path: string;
}

export type Operations = ReadonlyMap<string, Operation>;

type Params = Record<string, string | number>;
type Query = Record<string, string | number | boolean | undefined | null>;

function operationOf(ops: Operations, operationId: string): Operation {
  const op = ops.get(operationId);
  if (!op) throw new Error(`No route has operationId ${operationId}`);
  return op;
}

function fillPath(op: Operation, params: Params): string {
  return op.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${op.path}`);
    return encodeURIComponent(String(value));
  });
}

function withQuery(path: string, query: Query | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export interface LinkObject<Op extends string = string> {
  href: string;
  templated?: boolean;
  title?: string;
  operation: Op;
}

/** A link to the operation `operationId` with its path parameters (and query) filled in. */
export function linkTo<const Op extends string>(
  ops: Operations,
  operationId: Op,
  params: Params = {},
  options: { query?: Query; title?: string } = {},
): LinkObject<Op> {
  const href = withQuery(fillPath(operationOf(ops, operationId), params), options.query);
  return { href, operation: operationId, ...(options.title ? { title: options.title } : {}) };
}

/** An item addressed within the document its link answers (`…/messages#message-7`): lists read as a whole. */
export function withFragment<L extends { href: string }>(link: L, fragment: string): L {
  return { ...link, href: `${link.href}#${fragment}` };
}

/**
 * A URI template (RFC 6570, level 3): path parameters not given stay `{name}`, and `query` names
 * the form-style query parameters, e.g. `/api/cleaners/7/slots/{date}` or `/api/cleaners{?location,page}`.
 */
export function templateTo<const Op extends string>(
  ops: Operations,
  operationId: Op,
  params: Params = {},
  options: { query?: string[]; title?: string } = {},
): LinkObject<Op> {
  const op = operationOf(ops, operationId);
  const path = op.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_m, name: string) =>
    params[name] === undefined ? `{${name}}` : encodeURIComponent(String(params[name])),
  );
  const query = options.query?.length ? `{?${options.query.join(',')}}` : '';
  return {
    href: `${path}${query}`,
    templated: true,
    operation: operationId,
    ...(options.title ? { title: options.title } : {}),
  };
}

export interface ActionFieldObject {
  name: string;
  type: 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'time' | 'datetime' | 'email' | 'select' | 'file';
  required: boolean;
  title?: string;
  min?: number;
  max?: number;
  step?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  options?: Array<{ value: string; title?: string }>;
  value?: unknown;
}

export interface ActionObject<
  Name extends string = string,
  Method extends string = string,
  Op extends string = string,
> {
  name: Name;
  title: string;
  description?: string;
  method: Method;
  href: string;
  /** JSON, or multipart when the action uploads files (its `file` fields). */
  type: 'application/json' | 'multipart/form-data';
  operation: Op;
  fields: ActionFieldObject[];
}

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  description?: string;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  allOf?: JsonSchema[];
};

/** A named schema (`.meta({ id })`) converts to a reference: follow it to the object it names. */
function deref(node: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  let current = node;
  for (let depth = 0; depth < 10; depth += 1) {
    if (current.$ref) current = { ...defs[current.$ref.replace('#/$defs/', '')], ...current, $ref: undefined };
    else if (current.allOf?.length === 1 && current.allOf[0])
      current = { ...current.allOf[0], ...current, allOf: undefined };
    else return current;
  }
  return current;
}

const fieldCache = new WeakMap<z.ZodType, ActionFieldObject[]>();

function fieldType(schema: JsonSchema): ActionFieldObject['type'] {
  if (schema.enum) return 'select';
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (schema.format === 'email') return 'email';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'date-time') return 'datetime';
  return 'text';
}

/** The fields a request body schema accepts, with the limits it enforces, as a form would show them. */
export function fieldsOf(schema: z.ZodType): ActionFieldObject[] {
  const cached = fieldCache.get(schema);
  if (cached) return cached;
  const converted = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const defs = converted.$defs ?? {};
  const json = deref(converted, defs);
  const required = new Set(json.required ?? []);
  const fields: ActionFieldObject[] = [];
  for (const [name, given] of Object.entries(json.properties ?? {})) {
    const raw = deref(given, defs);
    // `string | number` unions (money sent either way) read as their first simple member.
    const property = deref(raw.anyOf?.find((member) => member.type !== 'null') ?? raw, defs);
    if (raw.description?.startsWith('ignored')) continue;
    const field: ActionFieldObject = { name, type: fieldType(property), required: required.has(name) };
    if (property.minimum !== undefined) field.min = property.minimum;
    if (property.maximum !== undefined) field.max = property.maximum;
    if (property.multipleOf !== undefined) field.step = property.multipleOf;
    if (property.minLength !== undefined) field.minLength = property.minLength;
    if (property.maxLength !== undefined) field.maxLength = property.maxLength;
    if (property.pattern !== undefined) field.pattern = property.pattern;
    if (property.enum) field.options = property.enum.map((value) => ({ value: String(value) }));
    if (raw.description) field.title = raw.description;
    fields.push(field);
  }
  fieldCache.set(schema, fields);
  return fields;
}

/**
 * An action: `operationId` performed on this resource. `body` is the zod schema that validates the
 * request (its fields are listed), `only` keeps some of them, `values` fills current values and
 * `choices` narrows a select (e.g. the statuses this caller may set now).
 */
export function actionTo<const Name extends string, const Op extends string>(
  ops: Operations,
  name: Name,
  operationId: Op,
  options: {
    title: string;
    description?: string;
    params?: Params;
    body?: z.ZodType;
    only?: readonly string[];
    /** Fields this action needs although the schema alone does not say so (a rule over several fields). */
    required?: readonly string[];
    values?: Record<string, unknown>;
    choices?: Record<string, readonly string[]>;
    /** Field types a pattern alone does not say, e.g. `{ scheduledDate: 'date' }`. */
    types?: Record<string, ActionFieldObject['type']>;
    /** Bounds set by configuration, tighter than the schema's (e.g. a commission at most the platform fee). */
    max?: Record<string, number>;
    /** A multipart upload's fields, listed as given (a zod schema cannot describe a file). */
    multipart?: ActionFieldObject[];
  },
): ActionObject<Name, string, Op> {
  const op = operationOf(ops, operationId);
  let fields = options.multipart ?? (options.body ? fieldsOf(options.body) : []);
  if (options.only) fields = fields.filter((f) => options.only?.includes(f.name));
  fields = fields.map((field) => {
    const next = { ...field };
    if (options.required?.includes(field.name)) next.required = true;
    const type = options.types?.[field.name];
    if (type) next.type = type;
    const max = options.max?.[field.name];
    if (max !== undefined) next.max = next.max === undefined ? max : Math.min(next.max, max);
    const value = options.values?.[field.name];
    if (value !== undefined) next.value = value;
    const choices = options.choices?.[field.name];
    if (choices) next.options = choices.map((value) => ({ value }));
    return next;
  });
  return {
    name,
    title: options.title,
    ...(options.description ? { description: options.description } : {}),
    method: op.method,
    href: fillPath(op, options.params ?? {}),
    type: options.multipart ? 'multipart/form-data' : 'application/json',
    operation: operationId,
    fields,
  };
}

/** `self`, and `next` / `prev` when there are more pages, for a paginated list. */
export function pageLinksTo<const Op extends string>(
  ops: Operations,
  operationId: Op,
  params: Params,
  query: Query,
  page: { page: number; pageSize: number; total: number },
) {
  const at = (n: number) => linkTo(ops, operationId, params, { query: { ...query, page: n } });
  const last = Math.max(1, Math.ceil(page.total / page.pageSize));
  return {
    self: at(page.page),
    ...(page.page < last ? { next: at(page.page + 1) } : {}),
    ...(page.page > 1 ? { prev: at(Math.min(page.page - 1, last)) } : {}),
  };
}

/** A hosted page a person would open, e.g. `/cleaner/7` or `/checkout?booking=12`. */
export function pageLink(href: string, title?: string) {
  return { href, type: 'text/html' as const, ...(title ? { title } : {}) };
}

/** A resource's own fields, before its links and actions are added. */
export type Data<T> = Omit<T, 'links' | 'actions'>;
