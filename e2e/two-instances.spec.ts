/**
 * Issue 10, item 3, on the `lb` project: two instances on one PostgreSQL behind HAProxy
 * (e2e/support/two-instances.ts, docs/haproxy.cfg). What must hold across instances:
 * migrations and setup when both start at once on an empty database, sessions, rate limits,
 * copies of pages and lists (every instance hears every change; never stale for one's own write), admin
 * settings, and jobs (each email sent once). The other core specs run unchanged beside this one through the
 * balancer (playwright.config.ts, LB_SPECS).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { E2E_ADMIN, LB_STATE_DIR, SMTP_SINK_URL } from '../playwright.config';
import type { TwoInstancesState } from './support/two-instances';
import { apiSignIn, createMember } from './support/accounts';
import { proveWhatClearsCopies } from './support/copies';
import { createBoard, createPost } from './support/posts';
import { expect, test } from './support/fixtures';

const state = (): TwoInstancesState => JSON.parse(readFileSync(path.join(LB_STATE_DIR, 'state.json'), 'utf8')) as TwoInstancesState;
async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: state().databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * A request context of its own (its own cookie jar; cookies go to both instances, same host).
 * Relative paths go through the balancer; the writes these proofs depend on name an instance.
 */
const newRequest = () => playwrightRequest.newContext();

async function html(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return res.text();
}

const voteCountIn = (page: string): number => Number(/data-testid="vote-count">(\d+)</.exec(page)?.[1]);

test.describe.configure({ mode: 'serial' });

test('both instances started at the same moment on the empty database: migrated once, set up once, no errors', async () => {
  const { spawnGapMs, instances, logs } = state();
  expect(spawnGapMs).toBeLessThan(100);
  const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] };
  const [migrations] = await query<{ rows: number; distinct_hashes: number }>(
    'select count(*)::int as rows, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
  );
  expect(migrations).toEqual({ rows: journal.entries.length, distinct_hashes: journal.entries.length });
  const [setup] = await query<{ admins: number; setups: number; done: boolean }>(
    `select (select count(*)::int from users where email = $1 and role = 'admin') as admins,
            (select count(*)::int from audit_events where action = 'workspace.setup') as setups,
            (select setup_completed_at is not null from workspace_settings where id = 1) as done`,
    [E2E_ADMIN.email],
  );
  expect(setup).toEqual({ admins: 1, setups: 1, done: true });
  for (const url of Object.values(instances)) {
    const res = await fetch(`${url}/api/health`);
    expect(await res.json()).toMatchObject({ status: 'ok', driver: 'postgres' });
  }
  for (const file of Object.values(logs)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
    expect(lines.some((l) => l.includes('Chorus is ready'))).toBe(true);
  }
});

test('the balancer sends one person’s consecutive requests to both instances', async ({ request }) => {
  const served = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    served.add(res.headers()['x-chorus-instance'] ?? 'none');
  }
  expect([...served].sort()).toEqual(['a', 'b']);
});

test('a session started through A works through B, and signing out through B ends it on A', async () => {
  const { instances, balancer } = state();
  const person = await newRequest();
  const res = await person.post(`${instances.a}/api/v1/auth/sign-in`, { data: E2E_ADMIN, headers: { Origin: balancer } });
  expect(res.status()).toBe(200);
  const meOnB = await person.get(`${instances.b}/api/v1/me`);
  expect(meOnB.status()).toBe(200);
  expect(await meOnB.json()).toMatchObject({ email: E2E_ADMIN.email });
  expect((await person.post(`${instances.b}/api/v1/auth/sign-out`, { headers: { Origin: balancer } })).status()).toBe(204);
  expect((await person.get(`${instances.a}/api/v1/me`)).status()).toBe(401);
  await person.dispose();
});

test('rate limits are counted in the database: the limit holds over both instances together', async () => {
  const { instances, balancer } = state();
  // POST /api/v1/setup: 10 a minute, times the e2e servers' CHORUS_RATE_LIMIT_MULTIPLIER (50).
  // Its own address (X-Forwarded-For, trusted behind the balancer) keeps the count to this test.
  const limit = 10 * 50;
  const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  const client = await newRequest();
  const hit = (i: number) =>
    client.post(`${i % 2 === 0 ? instances.a : instances.b}/api/v1/setup`, {
      data: {},
      headers: { Origin: balancer, 'X-Forwarded-For': `${ip}, 127.0.0.1` },
    });
  const statuses: number[] = [];
  for (let i = 0; i < limit; i += 25) {
    const batch = await Promise.all(Array.from({ length: Math.min(25, limit - i) }, (_, j) => hit(i + j)));
    statuses.push(...batch.map((r) => r.status()));
  }
  // Each instance saw half of them: per-process counters would allow twice as many.
  expect(statuses.filter((s) => s === 429)).toEqual([]);
  for (const i of [0, 1]) {
    const over = await hit(i);
    expect(over.status()).toBe(429);
    expect(Number(over.headers()['retry-after'])).toBeGreaterThan(0);
  }
  await client.dispose();
});

test('copies across instances: another instance’s write shows within 1 s, a person’s own write at once, a member’s shared render is theirs', async ({
  browser,
}) => {
  const { instances, balancer } = state();
  const admin = await newRequest();
  await apiSignIn(admin, balancer);
  const board = await createBoard(admin, balancer, 'lb');
  const anonymous = await newRequest();
  const member = await createMember(admin, anonymous, balancer, 'Casey Cache');
  await anonymous.dispose();
  const memberRequest = await newRequest();
  await memberRequest.post(`${instances.a}/api/v1/auth/sign-in`, { data: member, headers: { Origin: balancer } });

  // Another person's write through A: B kept a copy of the board page for visitors, and empties
  // it when A's announcement of the change arrives (src/server/cache/visitor-cache.ts).
  const visitor = await newRequest();
  const boardOnB = `${instances.b}/b/${board.slug}`;
  await html(visitor, boardOnB);
  const title = `Seen through B ${Date.now().toString(36)}`;
  const created = await memberRequest.post(`${instances.a}/api/v1/posts`, {
    data: { board: board.slug, title },
    headers: { Origin: balancer },
  });
  expect(created.status()).toBe(201);
  const createdAt = Date.now();
  const post = (await created.json()) as { number: number };
  await expect.poll(async () => (await html(visitor, boardOnB)).includes(title), { timeout: 5_000, intervals: [50] }).toBe(true);
  expect(Date.now() - createdAt).toBeLessThan(1_000);

  // A member's page on B is their audience's shared render with their payload: their name, and
  // their vote once they have voted (through A).
  const postOnB = `${instances.b}/p/${post.number}`;
  const other = await newRequest();
  const otherMember = await createMember(admin, other, balancer, 'Robin Render');
  await other.post(`${instances.b}/api/v1/auth/sign-in`, { data: otherMember, headers: { Origin: balancer } });
  const first = await other.get(postOnB);
  expect(first.status()).toBe(200);
  // Their first read after signing in skips copies (their browser has just written: the sign-in).
  await expect
    .poll(async () => (await other.get(postOnB)).headers()['x-chorus-render'], { timeout: 10_000, intervals: [500] })
    .toBe('shared');
  const sharedPage = await html(other, postOnB);
  expect(sharedPage).toContain('Robin Render');
  expect(sharedPage).toMatch(/aria-pressed="false"[^>]*data-vote-post="\d+"/);

  // One's own write: the member votes through A and signs out through A. Their next read is a
  // visitor's, through B, which held a copy from before the vote: they see their vote at once.
  const before = voteCountIn(await html(memberRequest, `${instances.a}/p/${post.number}`));
  await expect.poll(async () => voteCountIn(await html(visitor, postOnB)), { timeout: 10_000, intervals: [200] }).toBe(before);
  // B also keeps a copy of the post list answer (the page cache keeps GET /api/v1/posts too).
  const listOnB = `${instances.b}/api/v1/posts?board=${board.slug}`;
  expect((await visitor.get(listOnB)).status()).toBe(200);
  const vote = await memberRequest.put(`${instances.a}/api/v1/posts/${post.number}/vote`, { headers: { Origin: balancer } });
  expect(vote.status()).toBe(200);
  const votedAt = Date.now();
  const voted = (await vote.json()) as { voteCount: number };
  expect((await memberRequest.post(`${instances.a}/api/v1/auth/sign-out`, { headers: { Origin: balancer } })).status()).toBe(204);
  const cookies = (await memberRequest.storageState()).cookies.map((c) => c.name);
  expect(cookies).toContain('chorus_recent_write');
  expect(cookies).not.toContain('chorus_session');
  expect(voted.voteCount).toBe(before + 1);
  expect(voteCountIn(await html(memberRequest, postOnB))).toBe(voted.voteCount);
  const list = await memberRequest.get(listOnB);
  expect(
    ((await list.json()) as { items: { number: number; voteCount: number }[] }).items.find((p) => p.number === post.number),
  ).toMatchObject({
    voteCount: voted.voteCount,
  });
  // Everyone else sees the vote on B within 1 s of it, on the page and in the list.
  await expect.poll(async () => voteCountIn(await html(visitor, postOnB)), { timeout: 5_000, intervals: [50] }).toBe(voted.voteCount);
  await expect
    .poll(
      async () =>
        ((await (await visitor.get(listOnB)).json()) as { items: { number: number; voteCount: number }[] }).items.find(
          (p) => p.number === post.number,
        )?.voteCount,
      { timeout: 5_000, intervals: [50] },
    )
    .toBe(voted.voteCount);
  expect(Date.now() - votedAt).toBeLessThan(1_000);

  // The other member votes through A: their shared render on B carries the vote.
  expect((await other.put(`${instances.a}/api/v1/posts/${post.number}/vote`, { headers: { Origin: balancer } })).status()).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await other.get(postOnB);
        const body = await res.text();
        // Their votes are in the page's personal payload, which presses the buttons before first paint.
        const payload = /<script id="__CHORUS_ME__" type="application\/json">(.*?)<\/script>/.exec(body)?.[1];
        return (
          res.headers()['x-chorus-render'] === 'shared' &&
          payload !== undefined &&
          (JSON.parse(payload) as { voted: number[] }).voted.includes(post.number)
        );
      },
      { timeout: 10_000, intervals: [500] },
    )
    .toBe(true);
  // In Chromium, with none of the page's JavaScript (its payload's inline script runs): their
  // name in the account menu and their vote pressed, at first paint, from B's shared render.
  const tabContext = await browser.newContext({ storageState: await other.storageState() });
  const tab = await tabContext.newPage();
  await tab.route('**/_next/static/**/*.js', (route) => route.abort());
  await expect
    .poll(async () => (await tab.goto(postOnB))?.headers()['x-chorus-render'], { timeout: 10_000, intervals: [500] })
    .toBe('shared');
  await expect(tab.getByTestId('account-menu')).toHaveAccessibleName('Account menu for Robin Render');
  await expect(tab.locator(`[data-vote-post="${post.number}"]`).first()).toHaveAttribute('aria-pressed', 'true');
  await tabContext.close();

  for (const r of [admin, visitor, memberRequest, other]) await r.dispose();
});

test('a vote through A clears on B only the pages that show that post, within 1 s; a refused write through B clears nothing', async ({
  browser,
}) => {
  const { instances, balancer } = state();
  const admin = await newRequest();
  await apiSignIn(admin, balancer);
  const anonymous = await newRequest();
  const creds = await createMember(admin, anonymous, balancer, 'Scoped Voter');
  const member = await newRequest();
  expect((await member.post(`${instances.a}/api/v1/auth/sign-in`, { data: creds, headers: { Origin: balancer } })).status()).toBe(200);
  try {
    // The instances keep copies for CHORUS_VISITOR_CACHE_SECONDS, left at its default (3).
    await proveWhatClearsCopies({
      browser,
      admin,
      member,
      origin: balancer,
      writeBase: instances.a,
      readBase: instances.b,
      copySeconds: 3,
    });
  } finally {
    for (const r of [admin, anonymous, member]) await r.dispose();
  }
});

test('an admin setting saved through A applies through B at once', async () => {
  const { instances, balancer } = state();
  const admin = await newRequest();
  await apiSignIn(admin, balancer);
  // A setting that changes nothing for the specs beside this one (sign-up stays open).
  const domain = `lb-${Date.now().toString(36)}.example`;
  const saved = await admin.patch(`${instances.a}/api/v1/admin/settings`, {
    data: { allowedDomains: [domain] },
    headers: { Origin: balancer },
  });
  expect(saved.status()).toBe(200);
  const onB = (await (await admin.get(`${instances.b}/api/v1/admin/settings`)).json()) as { allowedDomains: string[] };
  expect(onB.allowedDomains).toEqual([domain]);
  expect(await html(admin, `${instances.b}/admin/settings`)).toContain(domain);
  expect(
    (await admin.patch(`${instances.b}/api/v1/admin/settings`, { data: { allowedDomains: [] }, headers: { Origin: balancer } })).status(),
  ).toBe(200);
  expect(((await (await admin.get(`${instances.a}/api/v1/admin/settings`)).json()) as { allowedDomains: string[] }).allowedDomains).toEqual(
    [],
  );
  await admin.dispose();
});

test('jobs run once across both instances: a status change emails each voter exactly once', async ({ request }) => {
  test.setTimeout(90_000);
  const { instances, balancer } = state();
  const admin = await newRequest();
  await apiSignIn(admin, balancer);
  const board = await createBoard(admin, balancer, 'lbjobs');
  const title = `Once only ${Date.now().toString(36)}`;
  const post = await createPost(admin, balancer, board.slug, title);
  const voters: string[] = [];
  for (const [i, name] of ['Ola Once', 'Pat Once', 'Quinn Once'].entries()) {
    const anonymous = await newRequest();
    const creds = await createMember(admin, anonymous, balancer, name);
    await anonymous.dispose();
    const voter = await newRequest();
    const via = i % 2 === 0 ? instances.b : instances.a;
    expect((await voter.post(`${via}/api/v1/auth/sign-in`, { data: creds, headers: { Origin: balancer } })).status()).toBe(200);
    expect((await voter.put(`${via}/api/v1/posts/${post.number}/vote`, { headers: { Origin: balancer } })).status()).toBe(200);
    voters.push(creds.email);
    await voter.dispose();
  }
  const { items } = (await (await admin.get(`${instances.b}/api/v1/statuses`)).json()) as { items: { id: string; slug: string }[] };
  const planned = items.find((s) => s.slug === 'planned')!;
  const change = await admin.post(`${instances.b}/api/v1/posts/${post.number}/status`, {
    data: { statusId: planned.id, note: 'Planned: once for each of you.' },
    headers: { Origin: balancer },
  });
  expect(change.status()).toBe(200);

  const sunk = async (to: string) =>
    ((await (await request.get(`${SMTP_SINK_URL}/messages?to=${encodeURIComponent(to)}`)).json()) as { subject: string }[]).filter((m) =>
      m.subject.includes(title),
    ).length;
  for (const to of voters) await expect.poll(() => sunk(to), { timeout: 40_000 }).toBe(1);
  // Both instances sweep the queue every 10 s and the outbox every 30 s: past one more sweep of
  // each, still one email each, and the outbox agrees.
  await new Promise((r) => setTimeout(r, 11_000));
  for (const to of voters) expect(await sunk(to)).toBe(1);
  const rows = await query<{ to: string; sent: number }>(
    `select recipient as to, count(*)::int as sent from outbox where recipient = any($1) and subject like $2 group by recipient`,
    [voters, `%${title}%`],
  );
  expect(rows.map((r) => r.sent)).toEqual([1, 1, 1]);
  await admin.dispose();
});
