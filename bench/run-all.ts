/**
 * Runs every benchmark in sequence (each in its own process), then prints a summary with the
 * targets. The targets are informational: nothing here fails on a figure.
 *
 *   npm run bench [-- --database-url postgres://…] [--rounds N]
 *
 * With --database-url, throughput and memory are also measured against that PostgreSQL database.
 * --rounds N is passed to throughput (N interleaved rounds, medians reported).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR, ROOT, argValue, ensureBuild, formatLoad, loadAvg, table } from './lib/server';

const DATABASE_URL = argValue('database-url');
const ROUNDS = argValue('rounds') ?? '1';

interface Step {
  script: string;
  args: string[];
  result: string;
}

const steps: Step[] = [
  { script: 'cold-start.ts', args: [], result: 'cold-start' },
  { script: 'memory.ts', args: [], result: 'memory' },
  { script: 'throughput.ts', args: ['--rounds', ROUNDS], result: 'throughput' },
  ...(DATABASE_URL
    ? [
        { script: 'throughput.ts', args: ['--rounds', ROUNDS, '--database-url', DATABASE_URL], result: 'throughput-postgres' },
        { script: 'memory.ts', args: ['--database-url', DATABASE_URL], result: 'memory-postgres' },
      ]
    : []),
  { script: 'first-load-js.ts', args: [], result: 'first-load-js' },
  { script: 'auth.ts', args: [], result: 'auth' },
  { script: 'feedback.ts', args: [], result: 'feedback' },
  ...(DATABASE_URL ? [{ script: 'feedback.ts', args: ['--database-url', DATABASE_URL], result: 'feedback-postgres' }] : []),
];

type Json = Record<string, unknown>;

function readResult(name: string, since: number): Json | undefined {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  if (!existsSync(file) || statSync(file).mtimeMs < since) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as Json;
}

/** Reads a nested property by dotted path ("a.b.0.c"). */
function pick(obj: Json | undefined, dotted: string): unknown {
  let cur: unknown = obj;
  for (const key of dotted.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

const num = (v: unknown, digits = 1) => (typeof v === 'number' ? (Math.round(v * 10 ** digits) / 10 ** digits).toString() : 'n/a');
const load1 = (v: unknown) => (Array.isArray(v) && typeof v[0] === 'number' ? v[0].toFixed(2) : 'n/a');

function main() {
  const started = Date.now();
  const loadBefore = loadAvg();
  console.log(`run-all: load average ${formatLoad(loadBefore)}`);
  ensureBuild();

  const failures: string[] = [];
  for (const step of steps) {
    console.log(`\n=== ${step.script} ${step.args.join(' ')} ===`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', step.script), ...step.args], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (r.status !== 0) failures.push(`${step.script} exited ${r.status ?? r.signal}`);
  }

  const cold = readResult('cold-start', started);
  const mem = readResult('memory', started);
  const thr = readResult('throughput', started);
  const thrPg = DATABASE_URL ? readResult('throughput-postgres', started) : undefined;
  const memPg = DATABASE_URL ? readResult('memory-postgres', started) : undefined;
  const fljs = readResult('first-load-js', started);
  const auth = readResult('auth', started);
  const feedback = readResult('feedback', started);
  const feedbackPg = DATABASE_URL ? readResult('feedback-postgres', started) : undefined;

  const rps = (r: Json | undefined, p: string) => {
    const results = pick(r, 'summaries');
    const found = Array.isArray(results) ? (results as Json[]).find((x) => x.path === p) : undefined;
    return num(found?.requestsPerSec);
  };
  const pct = (v: unknown) => (typeof v === 'number' ? `${Math.round(v * 1000) / 10}%` : 'n/a');

  const rows: string[][] = [['figure', 'value', 'target', 'verdict', 'load (1 min)']];
  rows.push([
    'cold start, existing data dir (median)',
    `${num(pick(cold, 'medianMs.existing'), 0)} ms`,
    '≤ 2000 ms',
    String(pick(cold, 'target.verdict') ?? 'n/a'),
    load1(pick(cold, 'loadAverage.before')),
  ]);
  rows.push([
    'cold start, new data dir (median)',
    `${num(pick(cold, 'medianMs.new'), 0)} ms`,
    '',
    '',
    load1(pick(cold, 'loadAverage.before')),
  ]);
  rows.push([
    'RSS idle, first start (new PGlite data dir)',
    `${num(pick(mem, 'rssMb.firstStartNewDataDir.idle'))} MB`,
    '≤ 400 MB',
    String(pick(mem, 'target.firstStartVerdict') ?? 'n/a'),
    load1(pick(mem, 'loadAverage.before')),
  ]);
  rows.push([
    'RSS idle, restart (existing PGlite data dir)',
    `${num(pick(mem, 'rssMb.idle'))} MB`,
    '≤ 400 MB',
    String(pick(mem, 'target.verdict') ?? 'n/a'),
    load1(pick(mem, 'loadAverage.before')),
  ]);
  rows.push([
    'RSS peak during 30 s load on / (PGlite)',
    `${num(pick(mem, 'rssMb.peakDuringLoad'))} MB`,
    '',
    '',
    load1(pick(mem, 'loadAverage.loadEnd')),
  ]);
  rows.push(['RSS 10 s after load (PGlite)', `${num(pick(mem, 'rssMb.afterLoad'))} MB`, '', '', load1(pick(mem, 'loadAverage.after'))]);
  if (DATABASE_URL) {
    rows.push([
      'RSS idle (PostgreSQL)',
      `${num(pick(memPg, 'rssMb.idle'))} MB`,
      '≤ 400 MB',
      String(pick(memPg, 'target.verdict') ?? 'n/a'),
      load1(pick(memPg, 'loadAverage.before')),
    ]);
    rows.push([
      'RSS peak during 30 s load on / (PostgreSQL)',
      `${num(pick(memPg, 'rssMb.peakDuringLoad'))} MB`,
      '',
      '',
      load1(pick(memPg, 'loadAverage.loadEnd')),
    ]);
  }
  for (const [label, r] of [
    ['pglite', thr],
    ['postgres', thrPg],
  ] as const) {
    if (label === 'postgres' && !DATABASE_URL) continue;
    const l = load1(pick(r, 'loadAverage.after'));
    rows.push([`throughput ${label}: / req/s`, rps(r, '/'), '', '', l]);
    rows.push([`throughput ${label}: /api/health req/s`, rps(r, '/api/health'), '', '', l]);
    rows.push([`throughput ${label}: /diagnostics/trivial req/s`, rps(r, '/diagnostics/trivial'), '', '', l]);
    rows.push([`throughput ${label}: / vs trivial`, pct(pick(r, 'ratios.home')), '≥ 70%', String(pick(r, 'target.verdict') ?? 'n/a'), l]);
    rows.push([`throughput ${label}: /api/health vs trivial`, pct(pick(r, 'ratios.health')), '', '', l]);
    rows.push([`throughput ${label}: / vs trivial by server CPU/request`, pct(pick(r, 'ratios.homeCpu')), '', '', l]);
  }
  const delta = pick(fljs, 'summary.onMinusOffGzipBytes');
  const fl = load1(pick(fljs, 'loadAverage.before'));
  rows.push(['first-load JS of /, analytics OFF (gzip -9)', `${num(pick(fljs, 'summary.offGzipKb'))} kB`, '', '', fl]);
  rows.push([
    'first-load JS of /, analytics ON, no consent',
    `${num(pick(fljs, 'summary.onNoConsentGzipKb'))} kB`,
    '≈ OFF',
    typeof delta === 'number'
      ? Math.abs(delta) <= 1000
        ? `PASS (${delta >= 0 ? '+' : ''}${delta} B)`
        : `MISS (${delta >= 0 ? '+' : ''}${delta} B)`
      : 'n/a',
    fl,
  ]);
  const hydrated = pick(fljs, 'summary.hydrated');
  rows.push([
    'page / hydrated in Chromium (OFF, ON, ON+consent)',
    Array.isArray(hydrated) ? hydrated.map((h) => (h ? 'yes' : 'NO')).join(', ') : 'n/a',
    'yes',
    Array.isArray(hydrated) ? (hydrated.every(Boolean) ? 'PASS' : 'MISS') : 'n/a',
    fl,
  ]);
  const extra = pick(fljs, 'summary.consentExtraScripts');
  rows.push([
    'lazy analytics chunk(s) after consent',
    `${num(pick(fljs, 'summary.consentExtraGzipKb'))} kB in ${Array.isArray(extra) ? extra.length : 'n/a'} script(s)`,
    '',
    '',
    fl,
  ]);

  const signIn = pick(auth, 'signIn') as Json | undefined;
  rows.push(['sign-in (argon2id) req/s', num(signIn?.requestsPerSec), '', '', load1(pick(auth, 'loadAfter'))]);
  rows.push(['sign-in p95', `${num(pick(auth, 'signIn.latencyMs.p95'))} ms`, '', '', load1(pick(auth, 'loadAfter'))]);
  const cost = pick(auth, 'sessionCheckCostPercent');
  rows.push([
    'session check cost on / (signed in vs out)',
    typeof cost === 'number' ? `${Math.round(cost * 10) / 10}%` : 'n/a',
    '≤ 15%',
    typeof cost === 'number' ? (cost <= 15 ? 'PASS' : 'MISS') : 'n/a',
    load1(pick(auth, 'loadAfter')),
  ]);

  const routes = pick(fljs, 'routes');
  for (const r of Array.isArray(routes) ? (routes as Json[]) : []) {
    const isBoard = r.route === '/b/[board]';
    const ok = r.status === 200;
    rows.push([
      `first-load JS of ${String(r.route)} (gzip -9, until load; with prefetches after load)`,
      ok ? `${num(r.gzipKbUntilLoad)} kB (${num(r.gzipKb)} kB)` : `answered ${String(r.status)}`,
      isBoard ? '≤ 150 kB' : '',
      isBoard && ok && typeof r.gzipKbUntilLoad === 'number' ? (r.gzipKbUntilLoad <= 150 ? 'PASS' : 'MISS') : '',
      fl,
    ]);
  }
  for (const [label, r] of [
    ['pglite', feedback],
    ['postgres', feedbackPg],
  ] as const) {
    if (label === 'postgres' && !DATABASE_URL) continue;
    const l = load1(pick(r, 'loadAverage.after'));
    const pages = pick(r, 'pages');
    for (const p of Array.isArray(pages) ? (pages as Json[]) : []) {
      if (p.path === '/diagnostics/trivial') continue;
      const page = typeof p.path === 'string' && (p.path.startsWith('/b/') || p.path.startsWith('/p/'));
      const ratio = p.ratioToTrivial;
      rows.push([
        `feedback ${label}: ${String(p.path)} req/s (vs trivial)`,
        `${num(p.requestsPerSec)} (${pct(ratio)})`,
        page ? '≥ 40%' : '',
        page && typeof ratio === 'number' ? (ratio >= 0.4 ? 'PASS' : 'MISS') : '',
        l,
      ]);
    }
    const skipped = pick(r, 'skipped');
    for (const s of Array.isArray(skipped) ? (skipped as Json[]) : [])
      rows.push([`feedback ${label}: ${String(s.path)}`, `answered ${String(s.status)}`, '', '', l]);
    const searchP95 = pick(r, 'search.latencyMs.p95');
    rows.push([
      `feedback ${label}: search p95`,
      typeof searchP95 === 'number' ? `${num(searchP95)} ms` : 'n/a',
      '≤ 50 ms',
      typeof searchP95 === 'number' ? (searchP95 <= 50 ? 'PASS' : 'MISS') : 'n/a',
      l,
    ]);
    const similarP95 = pick(r, 'similar.latencyMs.p95');
    rows.push([`feedback ${label}: similar posts p95`, typeof similarP95 === 'number' ? `${num(similarP95)} ms` : 'n/a', '', '', l]);
  }

  console.log(`\n=== Summary (targets are informational) ===`);
  console.log(table(rows));
  console.log(
    `load average at start ${formatLoad(loadBefore)}, at end ${formatLoad(loadAvg())}; machine: 2 cores shared with autocannon and Chromium.`,
  );
  if (failures.length) {
    console.log(`\nSome benchmarks did not complete: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

main();
