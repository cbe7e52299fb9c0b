import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { z } from 'zod';
import { AppError } from './errors';

type Target = 'json' | 'query' | 'param' | 'header';

// A missing field reads "Required" rather than zod's type-mismatch wording.
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined),
});

const WHERE: Record<Target, string> = {
  json: 'request body',
  query: 'query parameter',
  param: 'path parameter',
  header: 'header',
};

/** Turns zod issues into `{ field: message }`, the first message per field. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** `zValidator` with the API's error shape: a bad input is a 400 naming every bad field. */
export function valid<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  const validator = zValidator(target as keyof ValidationTargets, schema, (result) => {
    if (!result.success) {
      const fields = issuesToFields(result.error.issues);
      const names = Object.keys(fields).join(', ');
      throw new AppError(400, 'validation_failed', `Invalid ${WHERE[target]}: ${names}`, fields);
    }
  });
  return (target === 'json' ? requireJson(validator) : validator) as typeof validator;
}

/** JSON routes accept only JSON: anything else is 415 before the body is read. */
function requireJson(next: MiddlewareHandler): MiddlewareHandler {
  return async (c, proceed) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i.test(type)) {
      throw new AppError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON (Content-Type: application/json)',
      );
    }
    return next(c, proceed);
  };
}
