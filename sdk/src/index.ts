/**
 * `@spotless/sdk`: the typed client and the product's rules, for integrators who want one import.
 * Types come from the API contract (generated from the server's OpenAPI document). Nothing here
 * carries zod or the city table: those are their own entries (`@spotless/sdk/schemas`,
 * `@spotless/sdk/cities`), loaded only where needed.
 *
 * @example
 * import { createClient, formatDollars } from '@spotless/sdk';
 * const spotless = createClient({ baseUrl: 'https://spotless.example' });
 */
export * from './client';
export * from './rules';
