import { env } from '@/config/env';
import { anyone } from '@/core/identity/policy';
import { AppError } from '@/server/http/errors';
import { endpoint, json, route } from '@/server/http/route';
import { liveHub } from '@/server/live/hub';

/** Proves that an unexpected API failure answers INTERNAL without internals. Diagnostics only. */
export const failingRoute = route('/api/diagnostics/error', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'session',
    handle: () => {
      if (!env().CHORUS_DIAGNOSTIC_ROUTES) throw new AppError('NOT_FOUND');
      throw new Error('diagnostic failure: secret-internal-detail');
    },
  }),
});

/**
 * The process's memory and its open live-update streams, for bench/live.ts; after a full garbage
 * collection when the server runs with --expose-gc. Diagnostics only (404 otherwise).
 */
export const memoryRoute = route('/api/diagnostics/memory', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'session',
    handle: () => {
      if (!env().CHORUS_DIAGNOSTIC_ROUTES) throw new AppError('NOT_FOUND');
      (globalThis as { gc?: () => void }).gc?.();
      const m = process.memoryUsage();
      return json({ rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, liveStreams: liveHub().streams });
    },
  }),
});
