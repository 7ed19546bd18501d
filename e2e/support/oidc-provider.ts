/**
 * A real OpenID Connect provider for the single sign-on spec (e2e/sso.spec.ts), built on the
 * `oidc-provider` package (a certified OpenID Provider), started by the spec on loopback and
 * stopped after it. Its development login form accepts any password; the login name decides who
 * signs in:
 *   "ada@corp.test"             → sub "ada@corp.test", that address, verified
 *   "unverified:bob@corp.test"  → sub "unverified:bob@corp.test", bob@corp.test, NOT verified
 * Consent is granted at once (openid email profile), so the browser goes straight back.
 * `setCodeTtl(seconds)` shortens the life of authorization codes, for the expired-code case.
 * `tokenAuth` is how the client must authenticate at the token endpoint: `client_secret_post`
 * (the default; discovery lists every method, the client is registered with this one) or only
 * `client_secret_basic` (the only method discovery lists, as a provider that insists on it).
 * `authorizeAs(url, login)` plays the browser without one (the integration tests): it follows the
 * authorization URL, signs in on the login form, and answers the URL the provider sends back to.
 * Port 0 picks a free port.
 */
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  setCodeTtl(seconds: number): void;
  /**
   * Lets the test change (or hold) the provider's next redirect back to the client: `hook` gets
   * the URL with `code` and `state` and answers the one the browser is sent to. This plays what a
   * browser cannot be made to do from a test (Playwright does not intercept redirects): a forged
   * `state`, or a person who comes back too late.
   */
  onNextCallback(hook: (url: URL) => URL | Promise<URL>): void;
  close(): Promise<void>;
}

export function claimsFor(login: string) {
  const unverified = login.startsWith('unverified:');
  const email = unverified ? login.slice('unverified:'.length) : login;
  return { sub: login, email, email_verified: !unverified, name: email.split('@')[0]!.replace(/[._-]/g, ' ') };
}

export interface ProviderOptions {
  tokenAuth?: 'client_secret_post' | 'only client_secret_basic';
}

export async function startOidcProvider(port: number, redirectUri: string, options: ProviderOptions = {}): Promise<TestProvider> {
  const basicOnly = options.tokenAuth === 'only client_secret_basic';
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'chorus-e2e';
  const clientSecret = 'e2e client secret, long enough to look real';
  let codeTtl = 60;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: basicOnly ? 'client_secret_basic' : 'client_secret_post',
      },
    ],
    ...(basicOnly ? { clientAuthMethods: ['client_secret_basic'] } : {}),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['e2e cookie signing key, not a secret'] },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: () => codeTtl },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      return { accountId: id, claims: async () => claimsFor(id) };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const oidc = ctx.oidc;
      const existing = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
      if (existing) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  // The development login form is the point here; its warnings are not news.
  provider.on('server_error', (_ctx, err) => console.error('test OpenID provider error', err));
  const callback = provider.callback();
  let nextCallbackHook: ((url: URL) => URL | Promise<URL>) | null = null;
  handle = (req, res) => {
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    // Koa sets Location with setHeader and sends it with end(): the hook runs in between.
    res.end = ((...args: unknown[]) => {
      const location = res.getHeader('location');
      const hook = nextCallbackHook;
      if (!hook || typeof location !== 'string' || !location.startsWith(redirectUri)) return end(...args);
      nextCallbackHook = null;
      void Promise.resolve(hook(new URL(location))).then((url) => {
        res.setHeader('location', url.href);
        end(...args);
      });
      return res;
    }) as ServerResponse['end'];
    return callback(req, res);
  };
  return {
    issuer,
    clientId,
    clientSecret,
    setCodeTtl(seconds) {
      codeTtl = seconds;
    },
    onNextCallback(hook) {
      nextCallbackHook = hook;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Follows an authorization URL as a browser would, signs in as `login`, and answers where the provider sends it back. */
export async function authorizeAs(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!;
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  let url = new URL(authorizationUrl);
  const issuerOrigin = url.origin;
  let form: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    if (url.origin !== issuerOrigin) return url;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form,
    });
    remember(res);
    await res.arrayBuffer();
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      form = undefined;
    } else if (!form && res.status === 200 && url.pathname.startsWith('/interaction/')) {
      form = new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString();
    } else {
      throw new Error(`the provider answered ${res.status} at ${url.pathname}`);
    }
  }
  throw new Error('the provider did not send the browser back');
}
