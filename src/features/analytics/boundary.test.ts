import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../..');
const SESSION_MODULE = path.join(__dirname, 'client', 'posthog-session.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

// ARCHITECTURE.md §12: analytics sits behind one module, and posthog-js must stay out of the
// first-load bundle. These checks fail the build if either rule is broken.
describe('analytics boundary', () => {
  const files = sourceFiles(SRC).map((f) => ({ f, text: readFileSync(f, 'utf8') }));

  it('imports posthog-js in one module only', () => {
    const importers = files.filter(({ text }) => /(from\s+|import\s*\(\s*|import\s+)['"]posthog-js/.test(text)).map(({ f }) => f);
    expect(importers).toEqual([SESSION_MODULE]);
  });

  it('loads that module by dynamic import only', () => {
    const staticImports = files.filter(({ text }) => /^\s*import\s+(?!type\b)[^;]*['"][^'"]*posthog-session['"]/m.test(text));
    expect(staticImports.map(({ f }) => f)).toEqual([]);
    const dynamic = files.filter(({ text }) => /import\(\s*['"][^'"]*posthog-session['"]\s*\)/.test(text));
    expect(dynamic).toHaveLength(1);
  });
});
