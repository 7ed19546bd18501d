import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** Accepts the usual spellings of a boolean flag in the environment. */
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const httpUrl = (name: string) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: `${name} must be an http(s) URL, like https://feedback.example.com` },
  );

/** One item of CHORUS_WEBHOOK_ALLOW_HOSTS or CHORUS_SSO_ALLOW_HOSTS: a host name, an IP address or a CIDR range. */
function allowListItemValid(raw: string): boolean {
  const item = raw.trim();
  if (item === '') return true;
  if (item.includes('/')) {
    try {
      ipaddr.parseCIDR(item);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(item.replace(/^\[|\]$/g, '')) || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(item);
}

/** The 32 bytes of a CHORUS_SECRET_KEY (64 hex digits or base64), or null when it is not such a key. */
export function secretKeyBytes(raw: string): Buffer | null {
  const text = raw.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)
      ? Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  return bytes && bytes.length === 32 ? bytes : null;
}

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce
      .number({ message: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(1, 'PORT must be between 1 and 65535')
      .max(65535, 'PORT must be between 1 and 65535')
      .default(3000),
    HOST: optionalString.default('0.0.0.0'),
    CHORUS_DATA_DIR: optionalString.default('./data'),
    DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'DATABASE_URL must start with postgres:// or postgresql://',
    }),
    PUBLIC_URL: httpUrl('PUBLIC_URL'),
    POSTHOG_KEY: optionalString.refine((v) => v === undefined || /^[A-Za-z0-9_-]{1,200}$/.test(v), {
      message: 'POSTHOG_KEY may hold only letters, digits, "_" and "-"',
    }),
    POSTHOG_HOST: httpUrl('POSTHOG_HOST'),
    CHORUS_ANALYTICS_ALLOW_AUTOMATION: flag,
    CHORUS_DIAGNOSTIC_ROUTES: flag,
    // Tests only: multiplies every rate limit, so an e2e suite signing in many times from one
    // address is not throttled. The limits themselves are proven by request-level tests.
    CHORUS_RATE_LIMIT_MULTIPLIER: z.coerce
      .number({ message: 'CHORUS_RATE_LIMIT_MULTIPLIER must be a number' })
      .int()
      .min(1)
      .max(1000)
      .default(1),
    // With a shared PostgreSQL: how long an instance may serve visitors a copy of a public page or
    // list (0 turns it off). With embedded PGlite copies are exact and this does not apply.
    CHORUS_VISITOR_CACHE_SECONDS: z.coerce
      .number({ message: 'CHORUS_VISITOR_CACHE_SECONDS must be a number' })
      .int()
      .min(0)
      .max(60)
      .default(3),
    // How long a person's email notifications gather before they go out as one email (SPEC.md §9:
    // a digest); 0 sends at once (tests).
    CHORUS_NOTIFICATION_DIGEST_SECONDS: z.coerce
      .number({ message: 'CHORUS_NOTIFICATION_DIGEST_SECONDS must be a number' })
      .int()
      .min(0)
      .max(3600)
      .default(120),
    // Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy in front of the app.
    CHORUS_TRUST_PROXY: flag,
    SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
      message: 'SMTP_URL must start with smtp:// or smtps://, like smtp://user:pass@mail.example.com:587',
    }),
    MAIL_FROM: optionalString,
    CHORUS_ADMIN_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, {
      message: 'CHORUS_ADMIN_EMAIL must be an email address',
    }),
    CHORUS_ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || (v.length >= 10 && v.length <= 128), {
      message: 'CHORUS_ADMIN_PASSWORD must be 10 to 128 characters',
    }),
    CHORUS_WORKSPACE_NAME: optionalString.refine((v) => v === undefined || (v.length >= 2 && v.length <= 50), {
      message: 'CHORUS_WORKSPACE_NAME must be 2 to 50 characters',
    }),
    // S3-compatible storage for uploaded images (several instances without sharing the database's
    // bytes): all four of endpoint, bucket and keys, or none (images are then kept in the database).
    S3_ENDPOINT: httpUrl('S3_ENDPOINT'),
    S3_BUCKET: optionalString.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
      message: 'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)',
    }),
    S3_REGION: optionalString.default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // Webhook targets that may be internal on purpose (SPEC.md §5): comma-separated host names and
    // CIDR ranges (e.g. "hooks.internal,10.0.0.0/8,127.0.0.1"); everything else must be public.
    CHORUS_WEBHOOK_ALLOW_HOSTS: optionalString.refine((v) => v === undefined || v.split(',').every(allowListItemValid), {
      message: 'CHORUS_WEBHOOK_ALLOW_HOSTS must be comma-separated host names or CIDR ranges, like hooks.internal,10.0.0.0/8',
    }),
    // Accept plain http:// webhook URLs (otherwise https only).
    CHORUS_WEBHOOK_ALLOW_HTTP: flag,
    // Single sign-on providers that may be internal on purpose (an identity provider inside the
    // network, or on this machine): the same form as CHORUS_WEBHOOK_ALLOW_HOSTS.
    CHORUS_SSO_ALLOW_HOSTS: optionalString.refine((v) => v === undefined || v.split(',').every(allowListItemValid), {
      message: 'CHORUS_SSO_ALLOW_HOSTS must be comma-separated host names or CIDR ranges, like login.internal,10.0.0.0/8',
    }),
    // The key that encrypts stored secrets (single sign-on client secrets) with AES-256-GCM:
    // 32 random bytes, as 64 hex digits or base64. Without it SSO cannot be configured.
    CHORUS_SECRET_KEY: optionalString.refine((v) => v === undefined || secretKeyBytes(v) !== null, {
      message: 'CHORUS_SECRET_KEY must be 32 random bytes as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)',
    }),
    // Recovery: password sign-in works even where an admin turned it off (SSO only, docs/sso.md).
    CHORUS_FORCE_PASSWORD_SIGN_IN: flag,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((e) => Boolean(e.CHORUS_ADMIN_EMAIL) === Boolean(e.CHORUS_ADMIN_PASSWORD), {
    message: 'set both CHORUS_ADMIN_EMAIL and CHORUS_ADMIN_PASSWORD, or neither',
    path: ['CHORUS_ADMIN_PASSWORD'],
  })
  .refine(
    (e) =>
      [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].every((v) => v === undefined) ||
      [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].every((v) => v !== undefined),
    {
      message: 'set all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none',
      path: ['S3_ENDPOINT'],
    },
  )
  .transform((e) => ({
    ...e,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    POSTHOG_HOST: (e.POSTHOG_HOST ?? 'https://us.i.posthog.com').replace(/\/+$/, ''),
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Validates an environment; throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new EnvError(problems);
}

let cached: Env | undefined;

/** The validated process environment, read once per process at run time (never at build time). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
