/**
 * `@spotless/sdk/client`: the typed client (`create-client.ts`: the named helpers over the one
 * transport of `transport.ts`, which the widgets use alone), its error (`errors.ts`), the types
 * derived from the contract (`types.ts`) and the URL helpers (`urls.ts`).
 */

/** Every type of the contract (`Booking`, `Cleaner`, `paths`, …), generated from the OpenAPI document. */
export type * from './api-types';
export { type ClientOptions, createClient, type RequestOptions, type SpotlessClient } from './create-client';
export { ApiError, isApiError, NetworkError } from './errors';
export type {
  ActionBodyOf,
  AnswerOf,
  BodyOf,
  BookingListQuery,
  CallArgs,
  CleanerListQuery,
  CleanerSearchQuery,
  FollowableLink,
  OperationId,
  PathsWith,
  PaymentListQuery,
  PerformableAction,
  QueryOf,
  ResponseOf,
} from './types';
export { expandTemplate, toQueryString } from './urls';
