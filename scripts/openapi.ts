/**
 * The OpenAPI document (src/composition/api/registry.ts, the one served at /api/v1/openapi.json)
 * for the tools that read it, and the typed client's types generated from it.
 *
 *   node --import tsx scripts/openapi.ts --document <file>   writes the document (Redocly lints it)
 *   node --import tsx scripts/openapi.ts --client            writes src/lib/api-client/schema.d.ts
 *   node --import tsx scripts/openapi.ts --check-client      fails when that file is not current
 *
 * `npm run api:client` writes the types; `npm run lint:api` checks them and lints the document.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { openApiDocument } from '@/composition/api/registry';

const CLIENT_TYPES = 'src/lib/api-client/schema.d.ts';
const args = process.argv.slice(2);
const documentAt = args.includes('--document') ? args[args.indexOf('--document') + 1] : undefined;
if ((!documentAt && !args.includes('--client') && !args.includes('--check-client')) || documentAt?.startsWith('--')) {
  console.error('usage: node --import tsx scripts/openapi.ts [--document <file>] [--client | --check-client]');
  process.exit(2);
}

const doc = openApiDocument();
if (documentAt) {
  mkdirSync(dirname(documentAt), { recursive: true });
  writeFileSync(documentAt, `${JSON.stringify(doc, null, 2)}\n`);
}

if (args.includes('--client') || args.includes('--check-client')) {
  const header = '/**\n * Generated from the OpenAPI document by `npm run api:client` (openapi-typescript). Do not edit.\n */\n\n';
  // A copy: the generator annotates the object it reads.
  const types = header + astToString(await openapiTS(structuredClone(doc) as unknown as OpenAPI3, { silent: true }));
  if (args.includes('--client')) writeFileSync(CLIENT_TYPES, types);
  else if (readFileSync(CLIENT_TYPES, 'utf8') !== types) {
    console.error(`${CLIENT_TYPES} is not generated from the current OpenAPI document: run npm run api:client`);
    process.exit(1);
  }
}
