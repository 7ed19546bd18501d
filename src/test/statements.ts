/**
 * Records the SQL of every statement the test database runs through Drizzle (queries,
 * `execute`, and statements inside transactions), by swapping the session's query logger. For
 * tests that compare the work two requests do; the driver is never touched.
 */
import { db } from '@/server/db/client';

interface QueryLogger {
  logQuery(query: string, params: unknown[]): void;
}

interface SessionWithLogger {
  logger: QueryLogger;
  /** Transactions open a new session from these options, so the recorder follows them. */
  options: { logger?: QueryLogger };
}

export interface StatementRecorder {
  /** Stops recording (once) and returns the statements so far, in order. */
  stop(): string[];
}

export function recordStatements(): StatementRecorder {
  const session = (db() as unknown as { session: SessionWithLogger }).session;
  const previous = { logger: session.logger, options: session.options.logger };
  const statements: string[] = [];
  const recorder: QueryLogger = {
    logQuery: (query, params) => {
      statements.push(query.replace(/\s+/g, ' ').trim());
      previous.logger.logQuery(query, params);
    },
  };
  session.logger = recorder;
  session.options.logger = recorder;
  let result: string[] | undefined;
  return {
    stop() {
      if (!result) {
        session.logger = previous.logger;
        session.options.logger = previous.options;
        result = [...statements];
      }
      return result;
    },
  };
}
