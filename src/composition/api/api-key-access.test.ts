/**
 * Every endpoint of the API is explicitly classified for API keys (src/server/http/api-key-access.ts),
 * so a new endpoint cannot be silently open to keys, nor silently closed: this fails until it is listed.
 */
import { describe, expect, it } from 'vitest';
import { API_KEY_ACCESS, apiKeyAccessOf } from '@/server/http/api-key-access';
import { API_ROUTES } from './registry';

/** A concrete request path for a registry path: each `{name}` filled with a value a client could send. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '12345');

describe('API key access', () => {
  it('classifies every endpoint of the registry, and nothing else', () => {
    const registered = API_ROUTES.map((e) => e.path);
    const unclassified = registered.filter((p) => !(p in API_KEY_ACCESS));
    expect(unclassified, 'add these to API_KEY_ACCESS in src/server/http/api-key-access.ts').toEqual([]);
    const stale = Object.keys(API_KEY_ACCESS).filter((p) => !registered.includes(p));
    expect(stale, 'these are not endpoints any more').toEqual([]);
  });

  it('finds each endpoint’s own classification from a real request path (literal segments before {params})', () => {
    for (const { path } of API_ROUTES) {
      expect(apiKeyAccessOf(concrete(path)), path).toBe(API_KEY_ACCESS[path]);
    }
    expect(apiKeyAccessOf('/api/v1/posts/similar')).toBe('key');
    expect(apiKeyAccessOf('/api/v1/me/notifications/7/read')).toBe('session');
    expect(apiKeyAccessOf('/api/v1/not-an-endpoint')).toBeUndefined();
  });

  it('refuses keys the account, session and key-management endpoints', () => {
    for (const path of [
      '/api/v1/auth/sign-in',
      '/api/v1/me',
      '/api/v1/me/password',
      '/api/v1/me/export',
      '/api/v1/setup',
      '/api/v1/admin/api-keys',
    ]) {
      expect(API_KEY_ACCESS[path], path).toBe('session');
    }
  });
});
