// autocannon ships no types; this is the part the benchmarks use.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  interface RequestParams {
    path: string;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
  }
  /** Per connection; with a single request spec, a fresh one for every request. */
  export type RequestContext = Record<string, unknown>;
  interface RequestSpec {
    method?: string;
    path?: string;
    setupRequest?: (request: RequestParams, context: RequestContext) => RequestParams;
    /** Called with each answer, before the connection sends its next request. */
    onResponse?: (status: number, body: string, context: RequestContext) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    /** Requests per second over all connections (each connection gets its share, per second). */
    overallRate?: number;
    /** Seconds before an unanswered request counts as a timeout (default 10). */
    timeout?: number;
    requests?: RequestSpec[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
