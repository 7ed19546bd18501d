import { describe, expect, it } from 'vitest';
import { answerForApiPath, isApiPath } from './api-path';

describe('answerForApiPath: the /api paths the server answers itself (docs/api.md)', () => {
  it.each([
    '/api',
    '/api/health',
    '/api/v1/posts?q=%ff',
    '/api/v1/posts?%ff=1&q=%',
    '/api/v1/posts/1%2F2',
    '/api/v1/boards/%00',
    '/api/v1/posts/%E3%80%82',
  ])('leaves %s to the routes (they answer JSON)', (url) => {
    expect(answerForApiPath(url)).toEqual({ kind: 'pass' });
  });

  it.each(['/', '/b/ideas/', '/p/%ff', '/apix', '/api%2Fhealth', '/API/health', '//evil.example/api/x', '/\\evil.example/api/x'])(
    'leaves the page path %s to the framework',
    (url) => {
      expect(answerForApiPath(url)).toEqual({ kind: 'pass' });
    },
  );

  it.each([
    ['a byte that is not UTF-8', '/api/v1/posts/%ff'],
    ['a lone "%"', '/api/v1/posts/%'],
    ['a "%" without two hex digits', '/api/v1/posts/%zz'],
    ['an encoded surrogate', '/api/v1/boards/%ed%a0%80'],
    ['an overlong encoding', '/api/v1/posts/%C0%80'],
    ['a malformed first segment below /api', '/api/%ff?q=1'],
    ['a malformed segment with a trailing slash', '/api/v1/posts/%ff/'],
  ])('calls %s in the path malformed', (_label, url) => {
    expect(answerForApiPath(url)).toEqual({ kind: 'malformed' });
  });

  it.each([
    ['a trailing slash', '/api/v1/posts/', '/api/v1/posts'],
    ['a trailing slash on health', '/api/health/', '/api/health'],
    ['/api/ itself', '/api/', '/api'],
    ['the query string, kept', '/api/v1/posts/?sort=new&q=a%20b', '/api/v1/posts?sort=new&q=a%20b'],
    ['repeated slashes', '/api//v1///posts', '/api/v1/posts'],
    ['a leading double slash', '//api/health', '/api/health'],
    ['a backslash', '/api\\health', '/api/health'],
    ['a dot-dot segment', '/api/v1/../health', '/api/health'],
    ['an encoded dot-dot segment', '/api/v1/%2e%2e/health', '/api/health'],
    ['a dot segment', '/api/health/.', '/api/health'],
    ['a path that resolves into /api', '/x/../api/health', '/api/health'],
    ['a path under /api that resolves out of it', '/api/../roadmap', '/roadmap'],
    ['raw UTF-8 bytes (read by Node as Latin-1), encoded', '/api/v1/boards/\u00c3\u00a9/?q=\u00c3\u00a9', '/api/v1/boards/%C3%A9?q=%C3%A9'],
  ])('redirects %s to the one written form', (_label, url, location) => {
    expect(answerForApiPath(url)).toEqual({ kind: 'redirect', location });
  });

  it('never redirects to another host, and always to ASCII', () => {
    for (const url of ['/api/..//evil.example', '/api/.././/evil.example/', '/api\\\\evil.example/', '/api/%2e%2e//evil.example']) {
      const answer = answerForApiPath(url);
      expect(answer.kind).toBe('redirect');
      const location = (answer as { location: string }).location;
      expect(location).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
      expect(new URL(location, 'https://chorus.example').origin).toBe('https://chorus.example');
    }
  });
});

describe('isApiPath', () => {
  it('is the first segment "api"', () => {
    expect(['/api', '/api/', '/api/v1'].map(isApiPath)).toEqual([true, true, true]);
    expect(['/', '/apis', '/api.json', '/b/api'].map(isApiPath)).toEqual([false, false, false, false]);
  });
});
