/**
 * Load generation with autocannon's programmatic API. autocannon reports latency percentiles
 * p50/p90/p97.5/p99 but not p95, so every 2xx response time is also recorded in our own
 * HdrHistogram (hdr-histogram-js, the library autocannon itself uses), in microseconds.
 */
import autocannon, { type AutocannonRequest, type Result } from 'autocannon';
import * as hdr from 'hdr-histogram-js';

export interface LoadOptions {
  url: string;
  connections: number;
  durationSec: number;
  /** Called once a second with the elapsed whole seconds (for sampling RSS during the load). */
  onTick?: (second: number) => void;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** A sequence each connection cycles through (e.g. vote then unvote), instead of one request. */
  requests?: AutocannonRequest[];
  /** At most this many requests a second in all (autocannon's overallRate); as fast as answered without. */
  overallRate?: number;
}

export interface LoadResult {
  url: string;
  durationSec: number;
  connections: number;
  /** Completed requests (all statuses) per second over the whole run. */
  requestsPerSec: number;
  /** autocannon's mean of its per-second samples. */
  requestsPerSecAutocannon: number;
  totalRequests: number;
  latencyMs: { p50: number; p90: number; p95: number; p97_5: number; p99: number; max: number; mean: number };
  /** autocannon's own percentiles, to cross-check ours. */
  autocannonLatencyMs: { p50: number; p97_5: number; p99: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Connection/request errors by code or message (ECONNREFUSED, ECONNRESET, timeouts, …). */
  errorKinds: Record<string, number>;
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const hist = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: 3 });
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.durationSec,
    timeout: 30,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    requests: opts.requests,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
  });
  let completed = 0;
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    completed++;
    // Like autocannon: latency statistics cover 2xx responses only.
    if (statusCode >= 200 && statusCode < 300) hist.recordValue(Math.max(1, Math.round(responseTimeMs * 1000)));
  });
  const errorKinds: Record<string, number> = {};
  instance.on('reqError', (err: unknown) => {
    const e = err as { code?: string; message?: string };
    const kind = e.code ?? e.message ?? String(err);
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  });
  let second = 0;
  instance.on('tick', () => opts.onTick?.(++second));
  const result: Result = await instance;
  const us = (p: number) => hist.getValueAtPercentile(p) / 1000;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, Number(v.count)]));
  const out: LoadResult = {
    url: opts.url,
    durationSec: result.duration,
    connections: result.connections,
    requestsPerSec: completed / result.duration,
    requestsPerSecAutocannon: result.requests.average,
    totalRequests: completed,
    latencyMs: { p50: us(50), p90: us(90), p95: us(95), p97_5: us(97.5), p99: us(99), max: hist.maxValue / 1000, mean: hist.mean / 1000 },
    autocannonLatencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99, mean: result.latency.mean },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    errorKinds,
  };
  hist.destroy();
  return out;
}
