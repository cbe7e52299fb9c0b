import type { operations, paths } from './api-types';

// ─── Types from the contract ─────────────────────────────────────────────────

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** Every API path that has `method`. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];
export type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
export type Json<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
export type OkResponses<R> =
  R extends Record<number, unknown> ? Json<R[Extract<keyof R, 200 | 201 | 202 | 204>]> : never;
/** What a successful call of `method path` answers, as the OpenAPI document describes it. */
export type ResponseOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? OkResponses<R> : never;
export type PathParams<O> = O extends { parameters: { path: infer X } }
  ? X extends Record<string, unknown>
    ? X
    : never
  : never;
export type QueryParams<O> = O extends { parameters: { query?: infer X } } ? X : never;
export type RequestBodyOf<O> = O extends { requestBody?: infer R } ? NonNullable<R> : never;
export type JsonBody<R> = [R] extends [never]
  ? never
  : R extends { content: { 'application/json': infer B } }
    ? B
    : never;
/** The JSON body `method path` takes (never when it takes none). */
export type BodyOf<P extends keyof paths, M extends Method> = JsonBody<RequestBodyOf<Operation<P, M>>>;
/** The arguments of one call: path parameters, query, body, headers and a signal, as the operation takes them. */
export type CallArgs<P extends keyof paths, M extends Method> = {
  headers?: Record<string, string>;
  signal?: AbortSignal;
} & ([PathParams<Operation<P, M>>] extends [never] ? { path?: never } : { path: PathParams<Operation<P, M>> }) &
  ([QueryParams<Operation<P, M>>] extends [never] ? { query?: never } : { query?: QueryParams<Operation<P, M>> }) &
  ([BodyOf<P, M>] extends [never] ? { body?: never } : { body: BodyOf<P, M> });

/** The query parameters `method path` takes. */
export type QueryOf<P extends keyof paths, M extends Method> = NonNullable<QueryParams<Operation<P, M>>>;
/** The listing's and the advanced search's parameters (one endpoint, `GET /api/cleaners`). */
export type CleanerListQuery = QueryOf<'/api/cleaners', 'get'>;
export type CleanerSearchQuery = QueryOf<'/api/cleaners', 'get'>;
export type BookingListQuery = QueryOf<'/api/bookings', 'get'>;
export type PaymentListQuery = QueryOf<'/api/payments', 'get'>;

// ─── Hypermedia: links and actions (decision 033) ─────────────────────────────

/** Every operationId of the API. */
export type OperationId = keyof operations;
/** What operation `Op` answers on success. */
export type AnswerOf<Op extends OperationId> = operations[Op] extends { responses: infer R } ? OkResponses<R> : never;
/** The JSON body operation `Op` takes (never when it takes none). */
export type ActionBodyOf<Op extends OperationId> = JsonBody<RequestBodyOf<operations[Op]>>;

/** A link as resources carry it: `operation` names what answers it. */
export interface FollowableLink<Op extends OperationId = OperationId> {
  href: string;
  templated?: boolean;
  operation: Op;
}

/** An action as resources carry it: present only when the server would accept it now. */
export interface PerformableAction<Op extends OperationId = OperationId> {
  name: string;
  method: string;
  href: string;
  operation: Op;
}
