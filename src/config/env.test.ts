import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as EnvError).problems;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe('parseEnv', () => {
  it('has a working default for everything', () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: '0.0.0.0',
      CHORUS_DATA_DIR: './data',
      DATABASE_URL: undefined,
      PUBLIC_URL: 'http://localhost:3000',
      POSTHOG_KEY: undefined,
      POSTHOG_HOST: 'https://us.i.posthog.com',
      CHORUS_ANALYTICS_ALLOW_AUTOMATION: false,
      CHORUS_DIAGNOSTIC_ROUTES: false,
      CHORUS_RATE_LIMIT_MULTIPLIER: 1,
      CHORUS_TRUST_PROXY: false,
      CHORUS_VISITOR_CACHE_SECONDS: 3,
      CHORUS_NOTIFICATION_DIGEST_SECONDS: 120,
      CHORUS_WEBHOOK_ALLOW_HTTP: false,
      CHORUS_SECRET_KEY: undefined,
      CHORUS_FORCE_PASSWORD_SIGN_IN: false,
      SMTP_URL: undefined,
      S3_REGION: 'us-east-1',
      MAIL_FROM: undefined,
      CHORUS_ADMIN_EMAIL: undefined,
      CHORUS_ADMIN_PASSWORD: undefined,
      CHORUS_WORKSPACE_NAME: undefined,
      LOG_LEVEL: 'info',
    });
  });

  it('takes webhook allowlist entries as host names and CIDR ranges, and refuses anything else', () => {
    expect(parseEnv({ CHORUS_WEBHOOK_ALLOW_HOSTS: 'hooks.internal,10.0.0.0/8,127.0.0.1' }).CHORUS_WEBHOOK_ALLOW_HOSTS).toBe(
      'hooks.internal,10.0.0.0/8,127.0.0.1',
    );
    expect(() => parseEnv({ CHORUS_WEBHOOK_ALLOW_HOSTS: 'hooks internal' })).toThrow(/CHORUS_WEBHOOK_ALLOW_HOSTS/);
    expect(() => parseEnv({ CHORUS_WEBHOOK_ALLOW_HOSTS: '10.0.0.0/99' })).toThrow(/CHORUS_WEBHOOK_ALLOW_HOSTS/);
    expect(parseEnv({ CHORUS_WEBHOOK_ALLOW_HTTP: '1' }).CHORUS_WEBHOOK_ALLOW_HTTP).toBe(true);
    expect(parseEnv({ CHORUS_SSO_ALLOW_HOSTS: 'login.internal,10.0.0.0/8' }).CHORUS_SSO_ALLOW_HOSTS).toBe('login.internal,10.0.0.0/8');
    expect(() => parseEnv({ CHORUS_SSO_ALLOW_HOSTS: 'login internal' })).toThrow(/CHORUS_SSO_ALLOW_HOSTS/);
  });

  it('bounds the notification digest window to 0–3600 seconds', () => {
    expect(parseEnv({ CHORUS_NOTIFICATION_DIGEST_SECONDS: '0' }).CHORUS_NOTIFICATION_DIGEST_SECONDS).toBe(0);
    expect(() => parseEnv({ CHORUS_NOTIFICATION_DIGEST_SECONDS: '3601' })).toThrow(/CHORUS_NOTIFICATION_DIGEST_SECONDS/);
    expect(() => parseEnv({ CHORUS_NOTIFICATION_DIGEST_SECONDS: 'soon' })).toThrow(/CHORUS_NOTIFICATION_DIGEST_SECONDS/);
  });

  it('bounds the visitor cache to 0–60 seconds (0 turns it off)', () => {
    expect(parseEnv({ CHORUS_VISITOR_CACHE_SECONDS: '0' }).CHORUS_VISITOR_CACHE_SECONDS).toBe(0);
    expect(() => parseEnv({ CHORUS_VISITOR_CACHE_SECONDS: '61' })).toThrow(/CHORUS_VISITOR_CACHE_SECONDS/);
    expect(() => parseEnv({ CHORUS_VISITOR_CACHE_SECONDS: 'soon' })).toThrow(/CHORUS_VISITOR_CACHE_SECONDS/);
  });

  it('treats empty values as unset', () => {
    const e = parseEnv({ DATABASE_URL: '', PUBLIC_URL: '  ', POSTHOG_KEY: '', CHORUS_TRUST_PROXY: '' });
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.PUBLIC_URL).toBe('http://localhost:3000');
    expect(e.POSTHOG_KEY).toBeUndefined();
    expect(e.CHORUS_TRUST_PROXY).toBe(false);
  });

  it('accepts valid values', () => {
    const e = parseEnv({
      PORT: '8080',
      DATABASE_URL: 'postgresql://chorus@db:5432/chorus',
      PUBLIC_URL: 'https://feedback.example.com',
      POSTHOG_KEY: 'phc_abc-123',
      LOG_LEVEL: 'warn',
      CHORUS_TRUST_PROXY: 'yes',
    });
    expect(e).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgresql://chorus@db:5432/chorus',
      PUBLIC_URL: 'https://feedback.example.com',
      POSTHOG_KEY: 'phc_abc-123',
      LOG_LEVEL: 'warn',
      CHORUS_TRUST_PROXY: true,
    });
  });

  it.each<[string, Record<string, string>]>([
    ['CHORUS_RATE_LIMIT_MULTIPLIER', { CHORUS_RATE_LIMIT_MULTIPLIER: '0' }],
    ['CHORUS_RATE_LIMIT_MULTIPLIER', { CHORUS_RATE_LIMIT_MULTIPLIER: 'lots' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }],
    ['CHORUS_ADMIN_EMAIL', { CHORUS_ADMIN_EMAIL: 'not-an-email', CHORUS_ADMIN_PASSWORD: 'long enough password' }],
    ['CHORUS_ADMIN_PASSWORD', { CHORUS_ADMIN_EMAIL: 'admin@example.com', CHORUS_ADMIN_PASSWORD: 'short' }],
    ['CHORUS_ADMIN_PASSWORD', { CHORUS_ADMIN_EMAIL: 'admin@example.com' }],
    ['CHORUS_WORKSPACE_NAME', { CHORUS_WORKSPACE_NAME: 'x' }],
  ])('rejects a bad %s with an EnvError naming it', (name, source) => {
    const problems = problemsOf(source);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '0'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'ftp://x'],
    ['PUBLIC_URL', 'not a url'],
    ['POSTHOG_HOST', 'nope'],
    ['POSTHOG_KEY', 'has spaces'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['CHORUS_SECRET_KEY', 'too short'],
    ['CHORUS_SECRET_KEY', 'ab'.repeat(31)],
    ['CHORUS_TRUST_PROXY', 'maybe'],
  ])('rejects %s=%s with an EnvError naming it', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
  });

  it('puts the problems in the error message', () => {
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT: PORT must be between 1 and 65535/);
  });

  it('derives the default PUBLIC_URL from PORT', () => {
    expect(parseEnv({ PORT: '4321' }).PUBLIC_URL).toBe('http://localhost:4321');
  });

  it('strips trailing slashes from PUBLIC_URL and POSTHOG_HOST', () => {
    const e = parseEnv({ PUBLIC_URL: 'https://feedback.example.com///', POSTHOG_HOST: 'https://eu.i.posthog.com/' });
    expect(e.PUBLIC_URL).toBe('https://feedback.example.com');
    expect(e.POSTHOG_HOST).toBe('https://eu.i.posthog.com');
  });
});
