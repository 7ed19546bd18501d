/**
 * Shared plumbing for the benchmarks: building, starting and stopping a Chorus server from the
 * production build, reading its memory, and writing results. Benchmarks print figures; they
 * never pass or fail on them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: scripts/start.mjs resolves everything relative to the working directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

/** Builds the production bundle when it is missing or stale (cheap when it is current). */
export function ensureBuild(): void {
  const result = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`node scripts/start.mjs --build-only exited ${result.status}`);
}

/** A fresh temporary directory for a PGlite data dir (not created inside it: Chorus creates it). */
export function tempDataDir(label: string): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), `chorus-bench-${label}-`));
  return path.join(parent, 'data');
}

export function removeTempDataDir(dataDir: string): void {
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
}

/** The admin every benchmark server is set up with. */
export const BENCH_ADMIN = { email: 'bench-admin@example.test', password: 'bench admin password' } as const;

export interface ServerOptions {
  port: number;
  /** PGlite data directory; ignored when databaseUrl is set. */
  dataDir?: string;
  databaseUrl?: string;
  /** Extra environment (POSTHOG_KEY, LOG_LEVEL, …). */
  env?: Record<string, string>;
  /** Node options before the script, e.g. ['--cpu-prof'] (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
}

export interface RunningServer {
  pid: number;
  port: number;
  url: string;
  child: ChildProcess;
  /** performance.now() at spawn. */
  spawnedAt: number;
  /** Where the server's stdout and stderr go (one JSON log line per request at LOG_LEVEL=info). */
  logFile: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Servers this process started and that have not exited: killed if the benchmark dies. */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`benchmark interrupted (${signal}); stopping its servers`);
    process.exit(130);
  });
}

/** Throws when something already listens on the port (a stale server would answer our probes). */
export async function assertPortFree(port: number): Promise<void> {
  if (!(await portIsClosed(port))) throw new Error(`port ${port} is in use; choose another with --port`);
}

/**
 * Spawns `node scripts/start.mjs` (the server runs in that same process, so the pid is the
 * server's). stdout/stderr go to a log file so that request logging costs what it costs in
 * production (a synchronous write per line) without a pipe that could fill up.
 */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  await assertPortFree(opts.port);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-log-'));
  const logFile = path.join(logDir, 'server.log');
  const fd = openSync(logFile, 'w');
  // The caller's Chorus settings must not leak into the server under test.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|POSTHOG_|CHORUS_|LOG_LEVEL$|PORT$|HOST$|PUBLIC_URL$)/.test(k)),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
    CHORUS_DIAGNOSTIC_ROUTES: '1',
    // Set up headlessly, so pages answer 200 instead of redirecting to /setup.
    CHORUS_ADMIN_EMAIL: BENCH_ADMIN.email,
    CHORUS_ADMIN_PASSWORD: BENCH_ADMIN.password,
    CHORUS_WORKSPACE_NAME: 'Bench',
    NEXT_TELEMETRY_DISABLED: '1',
    LOG_LEVEL: 'info',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : { CHORUS_DATA_DIR: opts.dataDir ?? tempDataDir('server') }),
    ...opts.env,
  };

  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (child.pid === undefined) throw new Error('could not spawn the server');
  live.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });
  return { pid: child.pid, port: opts.port, url: `http://127.0.0.1:${opts.port}`, child, spawnedAt, logFile, exited };
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/** One GET on a fresh connection (no keep-alive), so polling does not reuse sockets. */
export function get(url: string, timeoutMs = 10_000): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `url` until it answers 200; resolves with performance.now() at that moment.
 * Fails if the server exits or `timeoutMs` passes.
 */
export async function waitFor200(server: RunningServer, pathname: string, timeoutMs = 120_000, intervalMs = 10): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the server exited before ${pathname} answered 200; see ${server.logFile}`);
    try {
      const answer = await get(server.url + pathname, 30_000);
      if (answer.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`${pathname} did not answer 200 within ${timeoutMs} ms; see ${server.logFile}`);
    await sleep(intervalMs);
  }
}

export async function waitForHealth(server: RunningServer): Promise<number> {
  return waitFor200(server, '/api/health', 120_000, 50);
}

/** SIGTERM, then waits for the exit; throws when the server does not exit 0 within 20 s. */
export async function stopServer(server: RunningServer): Promise<number | null> {
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
  const { code, signal } = await server.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`the server (pid ${server.pid}) exited with ${code ?? signal} after SIGTERM; see ${server.logFile}`);
  rmSync(path.dirname(server.logFile), { recursive: true, force: true });
  return code;
}

/** VmRSS of a process in MB (1 MB = 1024 kB, as /proc reports kB). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!m?.[1]) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]) / 1024;
}

/** CPU time (user + system, all threads) a process has used so far, in ms (CLK_TCK = 100 on Linux). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Child processes of `pid` (to confirm the server runs in one process). */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process went away
    }
  }
  return out;
}

/** The server's log lines at level ≥ 50 (pino's error and fatal); none when there is no log. */
export function errorLogLines(logFile: string): string[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => {
      if (!l.startsWith('{')) return false;
      try {
        return ((JSON.parse(l) as { level?: number }).level ?? 0) >= 50;
      } catch {
        return false;
      }
    });
}

/** The server's own start-up figure (the `ready` log line's startupMs), when present. */
export function readyStartupMs(logFile: string): number | undefined {
  try {
    for (const line of readFileSync(logFile, 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      const parsed = JSON.parse(line) as { msg?: string; startupMs?: number };
      if (parsed.msg === 'ready') return parsed.startupMs;
    }
  } catch {
    // no log
  }
  return undefined;
}

/** True when nothing accepts connections on 127.0.0.1:port. */
export function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

export function loadAvg(): [number, number, number] {
  const [a = 0, b = 0, c = 0] = os.loadavg();
  return [round(a, 2), round(b, 2), round(c, 2)];
}

export function formatLoad(l: [number, number, number]): string {
  return l.map((x) => x.toFixed(2)).join(' / ');
}

export function round(x: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Writes bench/results/<name>.json and returns its path. */
export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  return file;
}

/** A plain-text table: the first row is the header. */
export function table(rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map(String));
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const sep = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(cells[0]!), sep, ...cells.slice(1).map(line)].join('\n');
}

/** `--name value` or `--name=value` from argv. */
export function argValue(name: string): string | undefined {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}

export function environmentInfo() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    totalMemMb: Math.round(os.totalmem() / 2 ** 20),
    at: new Date().toISOString(),
  };
}

/**
 * The Chromium the benches drive: CHROMIUM_PATH, else Debian's headless shell (what `npm test`
 * installs and the e2e suite uses), else Debian's full Chromium.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium-headless-shell';
}
