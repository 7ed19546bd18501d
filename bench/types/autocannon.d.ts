/** The part of autocannon@9's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    body?: string;
    title?: string;
    /** Requests each connection cycles through; `setupRequest` may rewrite one before it is sent. */
    requests?: AutocannonRequest[];
  }

  interface AutocannonRequest {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** `context` is per connection and is reset each time the connection starts the list again. */
    setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  }

  interface Histogram {
    min: number;
    max: number;
    average: number;
    mean: number;
    stddev: number;
    total?: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    [percentile: string]: number | undefined;
  }

  interface Result {
    title?: string;
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    start: Date;
    finish: Date;
    connections: number;
    pipelining: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): this;
    on(event: 'done', listener: (result: Result) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  function autocannon(opts: Options): Instance;
  export default autocannon;
  export type { Options, Result, Instance, Histogram, AutocannonRequest };
}
