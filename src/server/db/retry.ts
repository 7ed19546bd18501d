/**
 * PostgreSQL ends one transaction of a deadlock (40P01) or of a serialization failure (40001)
 * so the others can go on; the one it ended changed nothing and may simply run again, which
 * PostgreSQL's documentation asks of applications. A vote waits for its post's row while the
 * insights jobs hold that row's key share for a moment; under many votes at once on several
 * instances, PostgreSQL once ended a vote so (e2e/votes.spec.ts, behind the balancer), and the
 * person got a 500 for a vote that could have counted.
 *
 * Only for work whose every effect is inside the transaction: a retry runs it again from the start.
 */
const TRANSIENT = new Set(['40P01', '40001']);

export function isTransientConflict(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT.has(code)) return true;
  }
  return false;
}

/** Runs `work` again, up to `attempts` times in all, while PostgreSQL ends it for a deadlock or a serialization failure. */
export async function retryingConflicts<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isTransientConflict(err)) throw err;
      // A few milliseconds apart, so the transactions that met do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10 * attempt));
    }
  }
}
