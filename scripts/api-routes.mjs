#!/usr/bin/env node
/**
 * Writes src/composition/api/routes.ts: every route served under src/pages/api/v1, read from the
 * one-line files there (each imports a route and exports it as default), for the OpenAPI document.
 * Run it after adding or removing an API route file (`npm run api:routes`); the registry test
 * fails while the list is out of step with the folder, or when a file's path is not the path its
 * route declares.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const API_DIR = path.join(ROOT, 'src/pages/api/v1');
const OUT = path.join(ROOT, 'src/composition/api/routes.ts');
/** The document's own route lives in the registry, which adds it: listing it here would be an import cycle. */
const REGISTRY = '@/composition/api/registry';

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );

/** src/pages/api/v1/members/[id]/ban.ts → /api/v1/members/{id}/ban */
export const apiPathOf = (file) =>
  ('/api/v1/' + path.relative(API_DIR, file).split(path.sep).join('/'))
    .replace(/\.ts$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\/$/, '')
    .replace(/\[([^\]]+)\]/g, '{$1}');

/** @/features/accounts/server/me-handlers → accountsMeHandlers: a name for a module of routes. */
const moduleName = (from) =>
  from
    .replace(/^@\//, '')
    .split('/')
    .filter((segment) => !['features', 'server', 'composition'].includes(segment))
    .join('-')
    .replace(/-(\w)/g, (_m, c) => c.toUpperCase());

/** What src/composition/api/routes.ts should hold (formatted as the project formats code). */
export async function routesModule() {
  const entries = filesUnder(API_DIR)
    .map((file) => {
      const text = readFileSync(file, 'utf8');
      const imported = /^import \{ (\w+) \} from '([^']+)';$/m.exec(text);
      const exported = /^export default (\w+);$/m.exec(text);
      if (!imported || !exported || imported[1] !== exported[1]) {
        throw new Error(`${path.relative(ROOT, file)}: expected \`import { x } from '…';\` and \`export default x;\``);
      }
      return { apiPath: apiPathOf(file), name: imported[1], from: imported[2] };
    })
    .filter((e) => e.from !== REGISTRY)
    .sort((a, b) => a.apiPath.localeCompare(b.apiPath));
  const modules = [...new Set(entries.map((e) => e.from))].sort();
  const names = new Map(modules.map((m) => [m, moduleName(m)]));
  if (new Set(names.values()).size !== modules.length) throw new Error('two route modules would have the same name here');
  const lines = [
    '// Written by scripts/api-routes.mjs from the files under src/pages/api/v1; do not edit.',
    ...modules.map((m) => `import * as ${names.get(m)} from '${m}';`),
    '',
    '/** Every route served under src/pages/api/v1 but the OpenAPI document’s own (the registry adds it), by path. */',
    'export const PAGE_ROUTES = [',
    ...entries.map((e) => `  ${names.get(e.from)}.${e.name},`),
    '] as const;',
    '',
  ];
  return prettier.format(lines.join('\n'), { ...(await prettier.resolveConfig(OUT)), filepath: OUT });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(OUT, await routesModule());
