import { z } from 'zod';
import type { Driver } from '@/server/db/client';

const DRIVERS = ['pglite', 'postgres'] as const satisfies readonly Driver[];

/** GET /api/health when the database answers (503 with an error body otherwise). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  /** Which database client this instance runs: embedded PGlite or a PostgreSQL server. */
  driver: z.enum(DRIVERS).optional(),
});

/** What the public status page (/status) says about the service. */
export interface ServiceStatus {
  /** Everything the page checks answers. */
  ok: boolean;
  checkedAt: string;
  database: {
    reachable: boolean;
    /** `embedded`: PGlite in the app's own process (one machine); `postgresql`: a PostgreSQL server. */
    kind: 'embedded' | 'postgresql';
    /** One round trip, in milliseconds; null when it failed. */
    latencyMs: number | null;
  };
  /** Background work due and not yet done, and work that gave up; null when it could not be read. */
  jobs: { waiting: number; failed: number } | null;
  version: string;
  build: string | null;
}
