import { z } from 'zod';

/**
 * The hypermedia format (decision 033). Every resource keeps the product's fields at the top level
 * and adds `links` (HAL: an object keyed by relation) and `actions` (HAL-FORMS templates keyed by
 * name, each with Siren's method, href and typed fields). A client follows what it is given and
 * never builds an API URL or decides from a status what may be done.
 */

/** A link to an operation of this API: `operation` names it, so a client knows what answers. */
export function linkTo<const Op extends string>(operation: Op) {
  return z.object({
    href: z.string().meta({ description: 'a URL path; an RFC 6570 URI template when `templated`' }),
    templated: z.boolean().optional(),
    title: z.string().optional(),
    operation: z.literal(operation).meta({ description: 'the operationId that answers this link' }),
  });
}

/** A link to a page of the hosted app a person would open (not an API resource). */
export const PageLink = z
  .object({
    href: z.string(),
    title: z.string().optional(),
    type: z.literal('text/html'),
  })
  .meta({ id: 'PageLink' });
export type PageLink = z.infer<typeof PageLink>;

/** One field an action accepts, from the same zod schema that validates the request. */
export const ActionField = z
  .object({
    name: z.string(),
    type: z.enum(['text', 'number', 'integer', 'boolean', 'date', 'time', 'datetime', 'email', 'select', 'file']),
    required: z.boolean(),
    title: z.string().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    step: z.number().optional(),
    minLength: z.number().int().optional(),
    maxLength: z.number().int().optional(),
    pattern: z.string().optional(),
    options: z.array(z.object({ value: z.string(), title: z.string().optional() })).optional(),
    value: z.unknown().optional().meta({ description: 'the current or suggested value' }),
  })
  .meta({ id: 'ActionField' });
export type ActionField = z.infer<typeof ActionField>;

/** How an action's body is sent: JSON, or multipart for file uploads (its `file` fields). */
export type ActionBodyType = 'application/json' | 'multipart/form-data';

/** Something this caller may do to a resource now. Present only when performing it would succeed. */
export function actionOf<
  const Name extends string,
  const Method extends string,
  const Op extends string,
  const Type extends ActionBodyType = 'application/json',
>(name: Name, method: Method, operation: Op, type: Type = 'application/json' as Type) {
  return z.object({
    name: z.literal(name),
    title: z.string().meta({ description: 'a label for the button' }),
    description: z
      .string()
      .optional()
      .meta({ description: 'terms the person should read before agreeing, e.g. a cancellation fee' }),
    method: z.literal(method),
    href: z.string(),
    type: z.literal(type),
    operation: z.literal(operation),
    fields: z.array(ActionField),
  });
}

/** An action as any client handles it, whatever its name. */
export interface Action {
  name: string;
  title: string;
  description?: string;
  method: string;
  href: string;
  type: ActionBodyType;
  operation: string;
  fields: ActionField[];
}

/** Any link, as any client handles it. */
export interface Link {
  href: string;
  templated?: boolean;
  title?: string;
  operation?: string;
  type?: string;
}

/** `links.next` / `links.prev` of a paginated list, beside its `self`. */
export function pageLinks<const Op extends string>(operation: Op) {
  return z.object({
    self: linkTo(operation),
    next: linkTo(operation).optional(),
    prev: linkTo(operation).optional(),
  });
}
