import { z } from 'zod';
import { SERVICE_TYPES } from '../rules/search-filters';

/**
 * A positive integer id taken from a path segment such as `/api/cleaners/:id`, at most
 * 2^53 − 1: beyond that a number is no longer exact, and two ids could read as one. Only decimal
 * digits are read as a number: `0x10`, `1e3`, ` 7` or `7.0` are refused, not taken for another id.
 */
export const IdParam = z.preprocess(
  (value) => (typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'must be a positive integer' })
    .int('must be a positive integer')
    .positive('must be a positive integer')
    .max(Number.MAX_SAFE_INTEGER, 'must be a positive integer'),
);

/** `{ error: { code, message, fields? } }` — the one error shape of the API. */
export const ApiErrorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Every list answer: `items` plus `total`; paginated lists add `page` and `pageSize`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/**
 * How a query parameter is described to clients (OpenAPI): its value arrives as text and is
 * validated as text, but it *means* a number or a boolean, and a client sends one.
 */
export type QueryAs = 'number' | 'integer' | 'boolean';

/** Query booleans arrive as text: only `true`/`false`/`1`/`0` are accepted. */
export const QueryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .meta({ queryAs: 'boolean' satisfies QueryAs });

/** A number sent as query text; an empty or non-numeric value is rejected, never read as 0. */
export const queryNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .meta({ queryAs: 'number' satisfies QueryAs, minimum: min, maximum: max });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
});

/** Money as the API shows it where the product does (docs/product/README.md): a decimal string in dollars, e.g. "35.00". */
export const Money = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .meta({ description: 'US dollars, two decimals' });

export const ServiceType = z.enum(SERVICE_TYPES).meta({ id: 'ServiceType' });
export type ServiceType = z.infer<typeof ServiceType>;
