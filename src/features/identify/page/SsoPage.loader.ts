import { env } from '@/config/env';
import { safeNextPath } from '@/lib/next-path';
import { AppError } from '@/server/http/errors';
import { enforceRateLimit } from '@/server/http/rate-limit';
import { clientIp } from '@/server/http/request-meta';
import { startSession } from '@/server/identity/sessions';
import { withShell } from '@/server/page/with-shell';
import { isIdentifyFailure, type IdentifyFailure } from '../schema';
import { identifyFailureOf, identifyPerson, IDENTIFY_RATE_LIMIT } from '../server/service';
import type { SsoPageProps } from './SsoPage';

/** The HTTP status of the error page, by reason. */
const STATUS: Partial<Record<IdentifyFailure, number>> = {
  not_configured: 404,
  missing: 400,
  banned: 403,
  team_account: 403,
  email_conflict: 403,
  rate_limited: 429,
};

/**
 * `/sso?token=…&redirect=/p/12`: the host product's sign-in link (docs/identify.md). The token is
 * checked and used up, a session started, and the browser sent on to `redirect` (a path on this
 * board only; anything else goes home). A refused token sends the browser to `/sso?error=<reason>`,
 * so the token does not stay in the address bar, the history or analytics, and that page explains.
 *
 * A GET that signs in: the token is the whole proof, it is single-use and lives at most 10
 * minutes, so a forged cross-site link can only sign someone in as a person the host vouched for
 * (docs/identify.md, "Login CSRF"). Rate-limited per source like POST /api/v1/auth/identify.
 */
export const getServerSideProps = withShell<SsoPageProps>(
  async (ctx) => {
    ctx.res.setHeader('cache-control', 'no-store');
    const error = ctx.query.error;
    if (error !== undefined) {
      const reason: IdentifyFailure = isIdentifyFailure(error) ? error : 'malformed';
      ctx.res.statusCode = STATUS[reason] ?? 410;
      return { props: { reason } };
    }
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const failed = (reason: IdentifyFailure) => ({ redirect: { destination: `/sso?error=${reason}`, permanent: false } });
    if (!token) return failed('missing');
    const ip = clientIp(ctx.req);
    try {
      await enforceRateLimit(IDENTIFY_RATE_LIMIT, `ip:${ip}`);
      const { user } = await identifyPerson(token, ip);
      await startSession(ctx.req, ctx.res, user.id, ip);
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') return failed('rate_limited');
      const reason = identifyFailureOf(err);
      if (reason) return failed(reason);
      throw err;
    }
    return { redirect: { destination: safeNextPath(ctx.query.redirect, '/', env().PUBLIC_URL), permanent: false } };
  },
  { openToVisitors: true, namespaces: ['auth'] },
);
