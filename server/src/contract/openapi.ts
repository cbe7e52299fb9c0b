import { z } from 'zod';
import { apiPath, type Operation, type RouteSecurity, responsesOf } from './operations';

type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  security: Array<Record<string, string[]>>;
  summary?: string;
  description?: string;
  tags?: string[];
  'x-access'?: string;
  parameters?: Array<{ name: string; in: string; required: boolean; schema: JsonSchema }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
  license?: { name: string; identifier?: string; url?: string };
}

export interface OpenApiDocument {
  openapi: string;
  info: OpenApiInfo;
  servers: Array<{ url: string; description?: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** The cookies that carry a session, as OpenAPI security schemes (names from auth/cookies.ts). */
export interface SessionCookies {
  user: string;
  admin: string;
}

const SECURITY: Record<RouteSecurity, OpenApiOperation['security']> = {
  public: [],
  user: [{ sessionCookie: [] }],
  admin: [{ adminSessionCookie: [] }],
  'user-or-admin': [{ sessionCookie: [] }, { adminSessionCookie: [] }],
  partner: [{ publishableKey: [] }],
};

/**
 * Converts zod schemas to JSON Schema and collects the named ones (`.meta({ id })`) as components.
 * A named schema reads the same as a request and as an answer unless it has defaults or
 * transforms: then the request side is its own component, `NameInput`. References are written as
 * placeholders and resolved once every schema is known (`resolve`).
 */
class SchemaConverter {
  readonly #defs = new Map<string, { input?: string; output?: string }>();

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const result = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => describeQueryValue(zodSchema, jsonSchema as JsonSchema),
    }) as JsonSchema;
    if (io === 'input') optionalDefaults(result);
    const { $defs, $schema: _ignored, ...root } = result as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [name, def] of Object.entries($defs ?? {})) {
      const entry = this.#defs.get(name) ?? {};
      entry[io] ??= this.#placeholders(def, io);
      this.#defs.set(name, entry);
    }
    return JSON.parse(this.#placeholders(root, io));
  }

  #placeholders(schema: JsonSchema, io: 'input' | 'output'): string {
    return JSON.stringify(schema).replace(/"#\/\$defs\/([^"]+)"/g, (_m, name: string) =>
      JSON.stringify(`#ref:${io}:${name}`),
    );
  }

  /** The component name of `name` on the `io` side. */
  #componentName(name: string, io: 'input' | 'output'): string {
    const entry = this.#defs.get(name);
    if (io === 'output' || !entry?.output || entry.output.replaceAll(':output:', ':input:') === entry.input)
      return name;
    return name.endsWith('Input') ? name : `${name}Input`;
  }

  #resolve(text: string): JsonSchema {
    return JSON.parse(
      text.replace(/"#ref:(input|output):([^"]+)"/g, (_m, io: 'input' | 'output', name: string) =>
        JSON.stringify(`#/components/schemas/${this.#componentName(name, io)}`),
      ),
    );
  }

  /** Anything holding schemas returned by `convert`, with their references to components resolved. */
  resolve<T>(value: T): T {
    return this.#resolve(JSON.stringify(value)) as T;
  }

  get components(): Record<string, JsonSchema> {
    const components: Record<string, JsonSchema> = {};
    for (const [name, entry] of this.#defs) {
      for (const io of ['output', 'input'] as const) {
        const text = entry[io];
        if (text === undefined) continue;
        components[this.#componentName(name, io)] ??= this.#resolve(text);
      }
    }
    return components;
  }
}

/**
 * A request property with a default may be left out: it is not `required`, whatever the converter
 * says (generated clients otherwise insist on it, e.g. `specialInstructions` when booking).
 */
function optionalDefaults(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) optionalDefaults(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties && Array.isArray(schema.required)) {
    schema.required = (schema.required as string[]).filter((name) => properties[name]?.default === undefined);
    if ((schema.required as string[]).length === 0) delete schema.required;
  }
  // Generators read `default` as "always present" (openapi-typescript's defaultNonNullable): in a
  // request it is what the server assumes when the field is left out, so say that in words.
  if (properties) {
    for (const property of Object.values(properties)) {
      if (property.default === undefined) continue;
      const note = `Default: ${JSON.stringify(property.default)}.`;
      property.description = property.description ? `${property.description} ${note}` : note;
      delete property.default;
    }
  }
  for (const value of Object.values(schema)) optionalDefaults(value);
}

const QUERY_BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;

/**
 * A query value validated as text but meaning a number or a boolean (`.meta({ queryAs })` in the
 * contract) is described as what it means, so generated clients send numbers and booleans.
 */
function describeQueryValue(zodSchema: unknown, jsonSchema: JsonSchema): void {
  const meta = z.globalRegistry.get(zodSchema as z.ZodType) as Record<string, unknown> | undefined;
  delete jsonSchema.queryAs;
  const queryAs = meta?.queryAs;
  if (queryAs !== 'number' && queryAs !== 'integer' && queryAs !== 'boolean') return;
  const description = jsonSchema.description;
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  jsonSchema.type = queryAs;
  for (const bound of QUERY_BOUNDS) if (typeof meta?.[bound] === 'number') jsonSchema[bound] = meta[bound];
  if (description !== undefined) jsonSchema.description = description;
}

function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
}

/** Builds an OpenAPI 3.1 document from the operations this app serves (their table entries). */
export function generateOpenApi(
  operations: readonly Operation[],
  info: OpenApiInfo,
  options: { serverUrl: string; cookies: SessionCookies },
): OpenApiDocument {
  const converter = new SchemaConverter();
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const doc of operations) {
    const parameters: NonNullable<OpenApiOperation['parameters']> = [];
    let requestBody: OpenApiOperation['requestBody'];
    for (const [target, schema] of Object.entries(doc.request ?? {}) as Array<[string, z.ZodType]>) {
      const converted = converter.convert(schema, 'input');
      if (target === 'json') {
        requestBody = { required: true, content: { 'application/json': { schema: converted } } };
        continue;
      }
      const properties = (converted.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((converted.required ?? []) as string[]);
      for (const [name, property] of Object.entries(properties)) {
        const location = target === 'param' ? 'path' : target;
        parameters.push({
          name,
          in: location,
          required: location === 'path' || (required.has(name) && property.default === undefined),
          schema: property,
        });
      }
    }
    if (!requestBody && doc.body) {
      requestBody = {
        required: true,
        content: { [doc.body.contentType]: { schema: converter.convert(doc.body.schema, 'input') } },
      };
    }
    const responses: OpenApiOperation['responses'] = {};
    for (const [status, response] of Object.entries(responsesOf(doc))) {
      responses[status] = response.schema
        ? {
            description: response.description,
            content: { 'application/json': { schema: converter.convert(response.schema, 'output') } },
          }
        : { description: response.description };
    }
    const openApiPath = toOpenApiPath(apiPath(doc));
    paths[openApiPath] ??= {};
    paths[openApiPath][doc.method] = {
      operationId: doc.operationId,
      security: SECURITY[doc.security],
      summary: doc.summary,
      description: doc.description,
      tags: [...doc.tags],
      ...(doc.access ? { 'x-access': doc.access } : {}),
      parameters: parameters.length > 0 ? parameters : undefined,
      requestBody,
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: options.serverUrl, description: 'This server' }],
    paths: converter.resolve(Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)))),
    components: {
      schemas: converter.components,
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: options.cookies.user,
          description:
            'The session cookie set by sign-in (`__Host-` prefixed over https). Unsafe methods also need an `Origin` of this site.',
        },
        adminSessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: options.cookies.admin,
          description: 'The administrator session cookie set by `POST /api/admin/login`.',
        },
        publishableKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Spotless-Key',
          description:
            'A partner’s publishable key (`pk_…`), from a page on one of its allowed origins or from its server. It grants what a visitor on the partner’s page has, plus guest bookings. A refused key is answered 403 with `{ error: { code, message } }`, readable by the asking page (CORS for its origin, no credentials, no data), the code one of: `missing_key` (the header is empty: the script tag has no `data-key`), `unknown_key` (no such key), `inactive_key` (the partner is deactivated), `origin_not_allowed` (the page’s origin is not among the key’s allowed origins).',
        },
      },
    },
  };
}
