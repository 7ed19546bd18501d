/**
 * Two Chorus instances on one PostgreSQL behind HAProxy, for the `lb` Playwright project:
 *  1. creates a new, empty database on the PostgreSQL server at CHORUS_E2E_POSTGRES_URL;
 *  2. checks the production build once (both instances must not build at the same time);
 *  3. starts both app processes (`node scripts/start.mjs`) in the same instant, so that both
 *     migrate the empty database and complete first-run setup at once;
 *  4. starts HAProxy with docs/haproxy.cfg in front of them (round robin, no stickiness);
 *  5. writes what the specs need to know to `<LB_STATE_DIR>/state.json`.
 * On SIGTERM or SIGINT it stops all three, waits for them, and drops the database.
 *
 * Environment: LB_PORT, APP_A_PORT, APP_B_PORT, LB_STATE_DIR, CHORUS_E2E_POSTGRES_URL; every
 * other variable is passed on to the app processes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface TwoInstancesState {
  databaseUrl: string;
  balancer: string;
  instances: { a: string; b: string };
  /** Milliseconds between starting the first and the second app process. */
  spawnGapMs: number;
  /** Milliseconds from the start to both instances answering /api/health with 200. */
  bothReadyMs: number;
  logs: { a: string; b: string };
}

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`two-instances: ${name} is not set`);
  return value;
};

const lbPort = need('LB_PORT');
const ports = { a: need('APP_A_PORT'), b: need('APP_B_PORT') };
const stateDir = path.resolve(need('LB_STATE_DIR'));
const serverUrl = need('CHORUS_E2E_POSTGRES_URL');
const HAPROXY = process.env.HAPROXY_PATH ?? 'haproxy';

const children: ChildProcess[] = [];
let databaseName: string | undefined;
let stopping = false;

function log(message: string): void {
  process.stderr.write(`[two-instances] ${message}\n`);
}

async function withServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrlFor(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) throw new Error('stopped');
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
}

function startApp(name: 'a' | 'b', databaseUrl: string): ChildProcess {
  const logFile = path.join(stateDir, `${name}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: ports[name], HOST: '127.0.0.1', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  child.once('exit', (code, signal) => {
    if (!stopping) {
      log(`instance ${name} exited (${signal ?? code}); its log:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

function waitExit(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

let stopped: Promise<void> | undefined;

/** Stops everything once, however many times it is asked (a failure, then the signal); exits with the first code. */
async function stop(code: number): Promise<never> {
  stopping = true;
  stopped ??= (async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => waitExit(child, 15_000)));
    if (databaseName) {
      const name = databaseName;
      await withServer((c) => c.query(`drop database if exists "${name}" with (force)`)).catch((err: unknown) =>
        log(`dropping ${name} failed: ${String(err)}`),
      );
    }
    process.exit(code);
  })();
  await stopped;
  return process.exit(code);
}

async function main(): Promise<void> {
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });

  databaseName = `chorus_e2e_lb_${Date.now().toString(36)}_${process.pid}`;
  const name = databaseName;
  await withServer((c) => c.query(`create database "${name}"`));
  const databaseUrl = databaseUrlFor(name);

  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: ['ignore', 2, 2] });
  if (build.status !== 0) throw new Error('the production build failed');

  // Both at once: each migrates the empty database and runs first-run setup at start-up.
  const t0 = performance.now();
  startApp('a', databaseUrl);
  const spawnGapMs = performance.now() - t0;
  startApp('b', databaseUrl);
  await Promise.all(
    (['a', 'b'] as const).map((n) => waitFor(`instance ${n}`, () => healthy(`http://127.0.0.1:${ports[n]}/api/health`), 180_000)),
  );
  const bothReadyMs = performance.now() - t0;

  const haproxy = spawn(HAPROXY, ['-db', '-f', path.resolve('docs/haproxy.cfg')], {
    env: {
      ...process.env,
      CHORUS_LB_BIND: `127.0.0.1:${lbPort}`,
      CHORUS_APP_A: `127.0.0.1:${ports.a}`,
      CHORUS_APP_B: `127.0.0.1:${ports.b}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  haproxy.once('error', (err) => {
    log(`HAProxy could not start (${err.message}); install it: apt-get install haproxy`);
    void stop(1);
  });
  haproxy.once('exit', (code) => {
    if (!stopping) {
      log(`HAProxy exited (${code})`);
      void stop(1);
    }
  });
  children.push(haproxy);
  const balancer = `http://127.0.0.1:${lbPort}`;

  const state: TwoInstancesState = {
    databaseUrl,
    balancer,
    instances: { a: `http://127.0.0.1:${ports.a}`, b: `http://127.0.0.1:${ports.b}` },
    spawnGapMs,
    bothReadyMs,
    logs: { a: path.join(stateDir, 'a.log'), b: path.join(stateDir, 'b.log') },
  };
  writeFileSync(path.join(stateDir, 'state.json'), JSON.stringify(state, null, 2));
  // Playwright waits for the balancer's health answer, so the state is written before it can pass.
  await waitFor('HAProxy', () => healthy(`${balancer}/api/health`), 30_000);
  log(`ready: ${balancer} → a :${ports.a}, b :${ports.b} (both up ${Math.round(bothReadyMs)} ms after a simultaneous start)`);
}

main().catch((err: unknown) => {
  log(String(err instanceof Error ? err.stack : err));
  void stop(1);
});
