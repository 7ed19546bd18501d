// Prints the failed tests recorded in the JSON reports of `npm test` (scripts/test.sh), one line
// each, so that the end of a failed run's output names them (a CI log is often read from its tail).
//   node scripts/test-failures.mjs <report.json>...
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

function playwrightFailures(report) {
  const out = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        out.push(`${spec.file ?? file} › [${test.projectName}] ${spec.title}: ${firstLine(last?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  for (const error of report.errors ?? []) out.push(`(outside a test): ${firstLine(error.message)}`);
  return out;
}

const lines = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    continue;
  }
  lines.push(...('testResults' in report ? vitestFailures(report) : playwrightFailures(report)));
}
if (lines.length > 0) {
  console.log(`Failed tests (${lines.length}):`);
  for (const line of lines.slice(0, MAX)) console.log(`  ✘ ${short(line)}`);
  if (lines.length > MAX) console.log(`  … and ${lines.length - MAX} more (see above).`);
}
