import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the production build (scripts/start.mjs).
 * One server per project, each on a fresh PGlite data dir (lb: on PostgreSQL):
 *  - plain:     analytics not configured;
 *  - analytics: analytics pointed at the PostHog stand-in (e2e/support/posthog-standin.ts);
 *  - blackhole: analytics pointed at a port that accepts connections and never answers, with
 *               consent already given, to prove the product does not depend on it: every page
 *               kind and every kind of write, once (analytics-unreachable.spec.ts);
 *  - firstrun:  NOT set up from the environment, for the first-run /setup flow (used once);
 *  - smtp:      emails delivered over SMTP_URL to a real SMTP server (e2e/support/smtp-sink.ts);
 *  - workspace: for the spec that changes workspace-wide settings (e.g. makes it private),
 *               which would disturb specs running beside it on a shared server;
 *  - sso:       single sign-on against a real OpenID provider the spec starts (e2e/support/oidc-provider.ts);
 *               it changes sign-up policy and password sign-in, so it runs alone on its own server;
 *  - widget:    for the embeddable widget's spec, which sets the allowed host origins and the
 *               identify secret (workspace-wide, and the identify spec replaces that secret);
 *  - insights:  for the insights spec, which looks for its own board among the five most active
 *               ones, a ranking other specs' boards would disturb on a shared server;
 *  - shared-render: for the spec that compares each person's shared and full renders of pages
 *               every spec changes (the home page lists every board);
 *  - lb:        two instances on one PostgreSQL behind HAProxy (e2e/support/two-instances.ts),
 *               delivering email to the SMTP sink; only when CHORUS_E2E_POSTGRES_URL names a
 *               PostgreSQL server where a new database may be created (npm test starts one).
 */
/** E2E_PORT_BASE moves every port, so two checkouts can run their suites side by side. */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
export const PORTS = {
  plain: BASE + 1,
  analytics: BASE + 2,
  blackhole: BASE + 3,
  firstrun: BASE + 4,
  smtp: BASE + 5,
  workspace: BASE + 6,
  lb: BASE + 7,
  lbA: BASE + 8,
  lbB: BASE + 9,
  sso: BASE + 10,
  widget: BASE + 11,
  insights: BASE + 12,
  sharedRender: BASE + 13,
  standin: BASE + 90,
  standinBlackhole: BASE + 91,
  sinkSmtp: BASE + 92,
  sinkHttp: BASE + 93,
  /** The OpenID provider e2e/sso.spec.ts starts for itself. */
  oidcProvider: BASE + 94,
  /** The widget spec's host pages, on 127.0.0.2 (allowed) and 127.0.0.3 (not allowed). */
  widgetHost: BASE + 95,
  widgetOther: BASE + 96,
} as const;
/** The SMTP sink's control endpoint (GET /messages?to=, POST /reset). */
export const SMTP_SINK_URL = `http://127.0.0.1:${PORTS.sinkHttp}`;
export const POSTHOG_TEST_KEY = 'phc_chorus_e2e';
/** The servers complete first-run setup from the environment with this admin (headless install). */
export const E2E_ADMIN = { email: 'admin@chorus.test', password: 'admin password 1234', workspaceName: 'Acme Feedback' } as const;

/**
 * Debian's headless shell (package chromium-headless-shell), the same Chromium without the desktop
 * browser around it, as Playwright's own headless mode uses. Measured here on 2 Dec 2026, against the
 * full browser in headless mode: a new page 125 ms instead of 400, a first visit 450 ms instead of
 * 850, and half the CPU over 30 visits in 3 contexts (6.1 s against 11.3 s).
 */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

/** `setUp: false` leaves the install at its first run (no CHORUS_ADMIN_*), for the /setup flow. */
/** What every app server gets, wherever its database lives. */
const appEnv = (publicUrl: string, setUp = true): Record<string, string> => ({
  PUBLIC_URL: publicUrl,
  CHORUS_DIAGNOSTIC_ROUTES: '1',
  ...(setUp
    ? { CHORUS_ADMIN_EMAIL: E2E_ADMIN.email, CHORUS_ADMIN_PASSWORD: E2E_ADMIN.password, CHORUS_WORKSPACE_NAME: E2E_ADMIN.workspaceName }
    : {}),
  CHORUS_RATE_LIMIT_MULTIPLIER: '50',
  // Every success answer is checked against its endpoint's declared response (src/server/http/response-contract.ts).
  CHORUS_CHECK_RESPONSES: '1',
  // Notification digests go out a second after the first item, not two minutes.
  CHORUS_NOTIFICATION_DIGEST_SECONDS: '1',
  LOG_LEVEL: 'warn',
});

const serve = (name: string, port: number, extraEnv: Record<string, string> = {}, { setUp = true } = {}) => ({
  name,
  command: `rm -rf .e2e/${name}-${port} && node scripts/start.mjs`,
  url: `http://127.0.0.1:${port}/api/health`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    CHORUS_DATA_DIR: `.e2e/${name}-${port}`,
    ...appEnv(`http://127.0.0.1:${port}`, setUp),
    ...extraEnv,
  },
});

const SMTP_ENV = { SMTP_URL: `smtp://127.0.0.1:${PORTS.sinkSmtp}`, MAIL_FROM: 'Chorus e2e <no-reply@chorus.test>' };

/** A PostgreSQL server for the `lb` project; without it that project is left out. */
const POSTGRES_URL = process.env.CHORUS_E2E_POSTGRES_URL;
/** Where the `lb` launcher leaves its state (state.json) and the instances' logs. */
export const LB_STATE_DIR = `.e2e/lb-${PORTS.lb}`;

/** Both instances and the balancer, started by one process so that the instances start together. */
const twoInstances = () => ({
  name: 'lb',
  command: 'node --import tsx e2e/support/two-instances.ts',
  url: `http://127.0.0.1:${PORTS.lb}/api/health`,
  timeout: 240_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
  env: {
    LB_PORT: String(PORTS.lb),
    APP_A_PORT: String(PORTS.lbA),
    APP_B_PORT: String(PORTS.lbB),
    LB_STATE_DIR,
    CHORUS_E2E_POSTGRES_URL: POSTGRES_URL ?? '',
    ...appEnv(`http://127.0.0.1:${PORTS.lb}`),
    // Behind the balancer: the client's address comes from X-Forwarded-For (rate limits).
    CHORUS_TRUST_PROXY: '1',
    ...SMTP_ENV,
  },
});

/**
 * E2E_ONLY=plain (a comma-separated list of servers) starts just those app servers, for a quick
 * run of a few specs during development: `E2E_ONLY=plain npx playwright test e2e/x.spec.ts --project plain`.
 */
const only = process.env.E2E_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const wanted = (server: { name: string }) => !only || only.includes(server.name);
if (!POSTGRES_URL && (!only || only.includes('lb'))) {
  console.warn('Playwright: CHORUS_E2E_POSTGRES_URL is not set, so the lb project (two instances behind HAProxy) is left out.');
}

/** Need the server whose analytics goes to the PostHog stand-in; /privacy in other languages runs on plain too. */
const ANALYTICS_SPECS = /\/(analytics|i18n-privacy)\.spec\.ts$/;
const ANALYTICS_ONLY_SPECS = /\/analytics\.spec\.ts$/;
/**
 * Proves the product works while the analytics host never answers, once per page kind and
 * audience and once per kind of write (the shell that loads analytics is the same on every
 * page); meaningful only there.
 */
const UNREACHABLE_SPECS = /\/analytics-unreachable\.spec\.ts$/;
/** Runs once against the firstrun server, which it sets up; nowhere else. */
const SETUP_SPECS = /\/accounts-setup\.spec\.ts$/;
/** Needs the server that delivers through the SMTP sink. */
const SMTP_SPECS = /\/(accounts|notifications)-smtp\.spec\.ts$/;
/** Changes workspace-wide settings: runs alone on its own server. */
const WORKSPACE_SPECS = /\/workspace-settings\.spec\.ts$/;
/** Sets the widget's host origins and the identify secret: runs on its own server. */
const WIDGET_SPECS = /\/widget\.spec\.ts$/;
/**
 * Finds its own board among the insights' five most active boards: on a server that every spec
 * shares, other specs' boards can outrank it, so it runs on its own server.
 */
const INSIGHTS_SPECS = /\/insights\.spec\.ts$/;
/**
 * Compares each person's shared render of a page with its full render, home page included, which
 * lists every board: on a server every spec shares, boards made between the two reads differ them
 * (a fresh-clone run failed so), so it runs on its own server.
 */
// It also proves what clears a kept copy (e2e/support/copies.ts), which needs a server where no other spec writes.
const SHARED_RENDER_SPECS = /\/shared-render\.spec\.ts$/;
/** Single sign-on: needs CHORUS_SECRET_KEY, and changes workspace-wide sign-in settings. */
const SSO_SPECS = /\/sso\.spec\.ts$/;
/** Proves what must hold across instances; meaningful only behind the balancer. */
const TWO_INSTANCE_SPECS = /\/two-instances\.spec\.ts$/;
/**
 * The core flows, run unchanged against two instances behind the balancer: accounts and
 * sessions, posting, voting, commenting, status changes with their emails, live updates (each
 * browser's stream and writes may reach either instance; admin settings are in
 * two-instances.spec.ts: admin.spec.ts expects a server without SMTP).
 */
const LB_SPECS = /\/(accounts-smtp|notifications-smtp|posts|votes|comments|live)\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries, in CI or anywhere else (issue 20): a test that needs one is a race, fixed at its cause.
  retries: 0,
  // npm test (scripts/test.sh) also keeps a JSON report, to name the failed tests at the end of its output.
  reporter: process.env.CHORUS_TEST_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.CHORUS_TEST_REPORT_DIR}/playwright.json` }]]
    : [['list']],
  // The axe scans of the bigger pages take 20–30 s each on two cores (measured in a quiet run of
  // 25 Nov 2026): 30 s left those tests one slow moment from failing.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // No trace by default: recording one costs about a quarter of the suite's time (measured on 2 Dec 2026,
  // 30 tests: 2.0 min without, 2.7 min with, 2.6 min with DOM snapshots alone). E2E_TRACE=1 keeps a trace
  // of each failed test (npx playwright show-trace), for a run that looks into one.
  use: { trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off', screenshot: 'only-on-failure' },
  webServer: [
    {
      command: 'node --import tsx e2e/support/posthog-standin.ts',
      url: `http://127.0.0.1:${PORTS.standin}/__standin/health`,
      reuseExistingServer: false,
      env: { STANDIN_PORT: String(PORTS.standin), STANDIN_BLACKHOLE_PORT: String(PORTS.standinBlackhole) },
    },
    {
      command: 'node --import tsx e2e/support/smtp-sink.ts',
      url: `${SMTP_SINK_URL}/health`,
      reuseExistingServer: false,
      env: { SINK_SMTP_PORT: String(PORTS.sinkSmtp), SINK_HTTP_PORT: String(PORTS.sinkHttp) },
    },
    ...[
      // Webhook endpoints may point at the e2e spec's receiver on loopback (e2e/webhooks.spec.ts).
      serve('plain', PORTS.plain, { CHORUS_WEBHOOK_ALLOW_HOSTS: '127.0.0.1', CHORUS_WEBHOOK_ALLOW_HTTP: '1' }),
      serve('analytics', PORTS.analytics, {
        POSTHOG_KEY: POSTHOG_TEST_KEY,
        POSTHOG_HOST: `http://127.0.0.1:${PORTS.standin}`,
        CHORUS_ANALYTICS_ALLOW_AUTOMATION: '1',
      }),
      serve('blackhole', PORTS.blackhole, {
        POSTHOG_KEY: POSTHOG_TEST_KEY,
        POSTHOG_HOST: `http://127.0.0.1:${PORTS.standinBlackhole}`,
        CHORUS_ANALYTICS_ALLOW_AUTOMATION: '1',
      }),
      serve('firstrun', PORTS.firstrun, {}, { setUp: false }),
      serve('workspace', PORTS.workspace),
      serve('widget', PORTS.widget),
      serve('insights', PORTS.insights),
      serve('shared-render', PORTS.sharedRender),
      serve('smtp', PORTS.smtp, SMTP_ENV),
      // A fixed test key: 32 bytes as 64 hex digits.
      // The spec's OpenID provider runs on loopback, which single sign-on may reach only when allowed.
      serve('sso', PORTS.sso, { CHORUS_SECRET_KEY: 'e2e0'.repeat(16), CHORUS_SSO_ALLOW_HOSTS: '127.0.0.1' }),
      ...(POSTGRES_URL ? [twoInstances()] : []),
    ].filter(wanted),
  ],
  projects: [
    {
      name: 'plain',
      testIgnore: [
        ANALYTICS_ONLY_SPECS,
        UNREACHABLE_SPECS,
        SETUP_SPECS,
        SMTP_SPECS,
        WORKSPACE_SPECS,
        TWO_INSTANCE_SPECS,
        SSO_SPECS,
        WIDGET_SPECS,
        INSIGHTS_SPECS,
        SHARED_RENDER_SPECS,
      ],
      use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.plain}` },
    },
    { name: 'analytics', testMatch: ANALYTICS_SPECS, use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.analytics}` } },
    {
      name: 'blackhole',
      testMatch: UNREACHABLE_SPECS,
      use: {
        ...chromium,
        baseURL: `http://127.0.0.1:${PORTS.blackhole}`,
        storageState: {
          cookies: [],
          origins: [{ origin: `http://127.0.0.1:${PORTS.blackhole}`, localStorage: [{ name: 'chorus.consent', value: 'granted' }] }],
        },
      },
    },
    { name: 'firstrun', testMatch: SETUP_SPECS, use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.firstrun}` } },
    { name: 'workspace', testMatch: WORKSPACE_SPECS, use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.workspace}` } },
    { name: 'widget', testMatch: WIDGET_SPECS, use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.widget}` } },
    { name: 'insights', testMatch: INSIGHTS_SPECS, use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.insights}` } },
    {
      name: 'shared-render',
      testMatch: SHARED_RENDER_SPECS,
      use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.sharedRender}` },
    },
    { name: 'smtp', testMatch: SMTP_SPECS, use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.smtp}` } },
    { name: 'sso', testMatch: SSO_SPECS, use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.sso}` } },
    // The proofs first, with no other spec writing through the balancer: one of them shows that an
    // instance serves its copy from before another instance's write, and any write through that
    // instance (a spec beside it) would empty its copies. The core flows follow.
    ...(POSTGRES_URL
      ? [
          { name: 'lb-proofs', testMatch: TWO_INSTANCE_SPECS, use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.lb}` } },
          { name: 'lb', testMatch: LB_SPECS, dependencies: ['lb-proofs'], use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.lb}` } },
        ]
      : []),
  ],
});
