// Reads the JSON reports of `npm test` (scripts/test.sh) and prints, one line each:
//   node scripts/test-report.mjs failures <report.json>...   the failed tests, so that the end of a
//                                                            failed run's output names them (a CI
//                                                            log is often read from its tail);
//   node scripts/test-report.mjs slowest <report.json>...    the ten slowest tests of the run.
// A report's lane (pglite, postgresql, playwright) is its file name.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAX = 20;
const firstLine = (text) =>
  String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean) ?? '';
const short = (text) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

function vitestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) out.push(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') out.push(`${name}: ${firstLine(file.message)}`);
  }
  return out;
}

/** Every test of a Playwright report, with its spec and the file it is in. */
function playwrightTests(report) {
  const out = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) out.push({ spec, test, file: spec.file ?? file });
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return out;
}

function playwrightFailures(report) {
  const out = playwrightTests(report)
    .filter(({ test }) => test.status === 'unexpected')
    .map(({ spec, test, file }) => `${file} › [${test.projectName}] ${spec.title}: ${firstLine(test.results?.at(-1)?.error?.message)}`);
  for (const error of report.errors ?? []) out.push(`(outside a test): ${firstLine(error.message)}`);
  return out;
}

function vitestDurations(report, lane) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name ?? '');
    for (const t of file.assertionResults ?? []) out.push({ ms: t.duration ?? 0, line: `[${lane}] ${name} › ${t.fullName}` });
  }
  return out;
}

function playwrightDurations(report) {
  return playwrightTests(report).map(({ spec, test, file }) => ({
    ms: (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0),
    line: `[e2e ${test.projectName}] ${file} › ${spec.title}`,
  }));
}

const [mode, ...files] = process.argv.slice(2);
const reports = [];
for (const file of files) {
  if (!existsSync(file)) continue;
  try {
    reports.push({ lane: path.basename(file, '.json').replace(/^vitest-/, ''), report: JSON.parse(readFileSync(file, 'utf8')) });
  } catch {
    // A report cut short by a failure says nothing more.
  }
}

if (mode === 'slowest') {
  const all = reports.flatMap(({ lane, report }) =>
    'testResults' in report ? vitestDurations(report, lane) : playwrightDurations(report),
  );
  all.sort((a, b) => b.ms - a.ms);
  if (all.length > 0) console.log('Slowest tests:');
  for (const { ms, line } of all.slice(0, 10)) console.log(`${(ms / 1000).toFixed(1).padStart(7)}s  ${short(line)}`);
} else {
  const lines = reports.flatMap(({ report }) => ('testResults' in report ? vitestFailures(report) : playwrightFailures(report)));
  if (lines.length > 0) {
    console.log(`Failed tests (${lines.length}):`);
    for (const line of lines.slice(0, MAX)) console.log(`  ✘ ${short(line)}`);
    if (lines.length > MAX) console.log(`  … and ${lines.length - MAX} more (see above).`);
  }
}
