import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getDbHandle, pingDatabase } from '@/server/db/client';
import { jobBacklog } from '@/server/jobs/queue';
import { logger } from '@/server/log';
import type { ServiceStatus } from '../schema';

let release: { version: string; build: string | null } | undefined;

/** The version in package.json and the production build's id (public: every page's scripts carry it). */
function releaseOf(): { version: string; build: string | null } {
  if (release) return release;
  // Literal paths, so the bundler traces these two files and not the whole project.
  const read = (open: () => string) => {
    try {
      return open();
    } catch {
      return null;
    }
  };
  const pkg = read(() => readFileSync(path.join(process.cwd(), 'package.json'), 'utf8'));
  const version = pkg ? String((JSON.parse(pkg) as { version?: unknown }).version ?? 'unknown') : 'unknown';
  const build = read(() => readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8'));
  release = { version, build: build?.trim() || null };
  return release;
}

/**
 * What the status page shows: the app answers (it is rendering this), whether the database
 * answers a round trip and how fast, which kind it is, and the background work waiting. No
 * addresses, errors or settings: the page is public.
 */
export async function readServiceStatus(): Promise<ServiceStatus> {
  const started = performance.now();
  let reachable = true;
  try {
    await pingDatabase();
  } catch (err) {
    reachable = false;
    logger().warn({ err }, 'status page: database unreachable');
  }
  const latencyMs = reachable ? Math.max(1, Math.round(performance.now() - started)) : null;
  let jobs: ServiceStatus['jobs'] = null;
  if (reachable) {
    try {
      jobs = await jobBacklog();
    } catch (err) {
      logger().warn({ err }, 'status page: the job backlog could not be read');
    }
  }
  const driver = getDbHandle()?.driver;
  return {
    ok: reachable,
    checkedAt: new Date().toISOString(),
    database: { reachable, kind: driver === 'postgres' ? 'postgresql' : 'embedded', latencyMs },
    jobs,
    ...releaseOf(),
  };
}
