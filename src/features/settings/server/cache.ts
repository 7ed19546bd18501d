import { getDbHandle } from '@/server/db/client';
import type { PublicWorkspace } from '../schema';

/**
 * The public workspace row, kept in memory only where that is exact: with embedded PGlite this
 * process is the database's only client, so forgetting the copy whenever this process changes
 * the row (settings, setup) keeps it true. With a shared PostgreSQL every read goes to the
 * database. On globalThis because the server entry and the Next.js bundle load this module
 * separately.
 */
const KEY = Symbol.for('chorus.workspace-cache');
type WithCache = typeof globalThis & { [KEY]?: PublicWorkspace };

const exclusive = () => getDbHandle()?.exclusive === true;

export function cachedWorkspace(): PublicWorkspace | undefined {
  return exclusive() ? (globalThis as WithCache)[KEY] : undefined;
}

export function rememberWorkspace(workspace: PublicWorkspace): void {
  if (exclusive()) (globalThis as WithCache)[KEY] = workspace;
}

/** Call after any change to the workspace row has committed. */
export function forgetWorkspace(): void {
  (globalThis as WithCache)[KEY] = undefined;
}
