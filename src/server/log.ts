import pino, { type Logger } from 'pino';
import { env } from '@/config/env';

const KEY = Symbol.for('chorus.logger');
type WithLogger = typeof globalThis & { [KEY]?: Logger };

/** The one structured logger (JSON lines on stdout), shared by the server and the Next.js bundle. */
export function logger(): Logger {
  const g = globalThis as WithLogger;
  g[KEY] ??= pino({
    level: process.env.VITEST ? 'silent' : env().LOG_LEVEL,
    base: { app: 'chorus' },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'], remove: true },
  });
  return g[KEY];
}
