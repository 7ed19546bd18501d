import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Everything that changes the production build. */
const INPUTS = ['src', 'public', 'package-lock.json', 'next.config.mjs', 'postcss.config.mjs', 'tsconfig.json'];

function* files(entry) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
  } else {
    yield entry;
  }
}

/** A content hash of the build's inputs; the build is current when its stamp matches. */
export function buildStamp() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(file).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}
