import { withShell, notFound } from '@/server/page/with-shell';
import { clientIp } from '@/server/http/request-meta';
import { SsoProblem } from '../server/sso-accounts';
import { finishSsoSignIn, isSsoProvider } from '../server/sso-flow';
import { listSsoButtons } from '../server/sso-service';
import type { SsoFailure } from '../sso-schema';
import type { SsoCallbackProps } from './SsoCallbackPage';

/** The page's HTTP status for each failure (it is still a page explaining it). */
const STATUS: Record<SsoFailure, number> = {
  state: 400,
  provider: 400,
  unverified: 403,
  no_email: 403,
  not_allowed: 403,
  banned: 403,
  unavailable: 404,
  rate_limited: 429,
};

/**
 * `/login/sso/{provider}`: the redirect URI a provider sends the browser back to. A page rather
 * than an /api route because it is reached by the provider's top-level redirect (GET), not by
 * our own script: its defence against forged requests is the flow cookie and `state` (sso-flow.ts),
 * and it is rate-limited per address like password sign-in. Success redirects; a failure is
 * explained on the page.
 */
export const getServerSideProps = withShell<SsoCallbackProps>(
  async (ctx) => {
    const provider = ctx.params?.provider;
    if (!isSsoProvider(provider)) return { props: notFound };
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(ctx.query)) if (k !== 'provider' && typeof v === 'string') params.set(k, v);
    try {
      const { next } = await finishSsoSignIn(provider, { req: ctx.req, res: ctx.res, ip: clientIp(ctx.req), params });
      return { redirect: { destination: next, permanent: false } };
    } catch (err) {
      if (!(err instanceof SsoProblem)) throw err;
      ctx.res.statusCode = STATUS[err.failure];
      const label = (await listSsoButtons()).find((b) => b.id === provider)?.label ?? null;
      return { props: { failure: err.failure, providerLabel: label } };
    }
  },
  { openToVisitors: true, namespaces: ['auth'] },
);
