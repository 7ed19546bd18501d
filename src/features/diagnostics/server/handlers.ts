import { env } from '@/config/env';
import { anyone } from '@/core/identity/policy';
import { AppError } from '@/server/http/errors';
import { endpoint, route } from '@/server/http/route';

/** Proves that an unexpected API failure answers INTERNAL without internals. Diagnostics only. */
export const failingRoute = route({
  GET: endpoint({
    authorize: anyone,
    handle: () => {
      if (!env().CHORUS_DIAGNOSTIC_ROUTES) throw new AppError('NOT_FOUND');
      throw new Error('diagnostic failure: secret-internal-detail');
    },
  }),
});
