#!/usr/bin/env node
/**
 * Writes src/i18n/messages/<locale>/index.ts: one language's catalogue, the namespace files of its
 * folder put together. Run it after adding a namespace file (`npm run i18n:index`); the catalogue
 * test fails while an index is out of step with its folder.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../src/i18n/messages', import.meta.url));

/** The index a folder of namespace files should have. */
export function indexOf(folder) {
  const names = readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
  const lines = [
    '// Written by scripts/i18n-index.mjs from the namespace files beside it; do not edit.',
    ...names.map((n) => `import ${n} from './${n}.json';`),
    '',
    'const catalogue = {',
    ...names.map((n) => `  ${n},`),
    '};',
    'export default catalogue;',
    '',
  ];
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const locale of readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const folder = path.join(DIR, locale.name);
    writeFileSync(path.join(folder, 'index.ts'), indexOf(folder));
  }
}
