import { z } from 'zod';

/** A positive integer id taken from a path segment such as `/api/cleaners/:id`. */
export const IdParam = z.coerce
  .number({ error: 'must be a positive integer' })
  .int('must be a positive integer')
  .positive('must be a positive integer');

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

/** Query booleans arrive as text: only `true`/`false`/`1`/`0` are accepted. */
export const QueryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
});

/** Money as the API shows it where the spec does: a decimal string in dollars, e.g. "35.00". */
export const Money = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .meta({ description: 'US dollars, two decimals' });

export const ServiceType = z.enum(['residential', 'commercial', 'deep', 'moveout']);
export type ServiceType = z.infer<typeof ServiceType>;
