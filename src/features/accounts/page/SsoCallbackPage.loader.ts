import { withShell, notFound } from '@/server/page/with-shell';
import { clientIp } from '@/server/http/request-meta';
import { SsoProblem } from '../server/sso-accounts';
import { finishSsoSignIn, isSsoProvider } from '../server/sso-flow';
import { listSsoButtons } from '../server/sso-service';
import type { SsoCallbackProps } from './SsoCallbackPage';

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
      const label = (await listSsoButtons()).find((b) => b.id === provider)?.label ?? null;
      return { props: { failure: err.failure, providerLabel: label } };
    }
  },
  { openToVisitors: true },
);
