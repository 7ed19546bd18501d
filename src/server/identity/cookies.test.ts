import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';

// env() is read once per process; this file's process sees an https PUBLIC_URL (SPEC.md §7).
vi.stubEnv('PUBLIC_URL', 'https://feedback.example.com');

describe('the session cookie over https', () => {
  it('is HttpOnly, SameSite=Lax, Secure and __Host- bound, and is cleared the same way', async () => {
    const { clearSessionCookie, setSessionCookie, sessionCookieName } = await import('./cookies');
    expect(sessionCookieName()).toBe('__Host-chorus_session');
    const res = new http.ServerResponse(new http.IncomingMessage(null as never));
    setSessionCookie(res, 'a'.repeat(43));
    clearSessionCookie(res);
    const [set, cleared] = res.getHeader('set-cookie') as string[];
    for (const cookie of [set!, cleared!]) {
      expect(cookie).toMatch(/^__Host-chorus_session=/);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/Domain=/i);
    }
    expect(set).toMatch(/Max-Age=2592000/);
    expect(cleared).toMatch(/Max-Age=0/);
  });
});
