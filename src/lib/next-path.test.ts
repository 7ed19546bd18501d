import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath: ?next= is never an open redirect', () => {
  it.each(['/', '/admin/outbox', '/p/42-dark-mode?sort=new#comment-3', '/b/ideas/new'])('keeps the same-origin path %s', (p) => {
    expect(safeNextPath(p)).toBe(p);
  });

  it.each([
    ['a protocol-relative URL', '//evil.example/x'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a newline', '/x\nSet-Cookie: a=b'],
    ['a relative path', 'admin'],
    ['an empty string', ''],
    ['an array (repeated query parameter)', ['/a', '/b']],
    ['undefined', undefined],
  ])('refuses %s', (_label, value) => {
    expect(safeNextPath(value)).toBe('/');
  });

  it.each([
    ['a dot segment that would leave "//" in front', '/.//evil.example'],
    ['a dot-dot segment that would leave "//" in front', '/a/..//evil.example/x'],
    ['a tab that the URL parser would drop', '/\t/evil.example'],
    ['a carriage return and line feed', '/a\r\nLocation: https://evil.example'],
    ['a scheme without slashes', 'https:evil.example'],
    ['a value over 2,000 characters', `/${'a'.repeat(2000)}`],
    ['a value that grows over 2,000 characters once encoded', `/${'\u3002'.repeat(300)}`],
  ])('refuses %s', (_label, value) => {
    expect(safeNextPath(value)).toBe('/');
  });

  it.each([
    ['non-ASCII characters, percent-encoded (an ASCII-safe Location)', '/\u3002evil.example', '/%E3%80%82evil.example'],
    ['an already encoded path, as is', '/%E3%80%82evil.example', '/%E3%80%82evil.example'],
    ['non-ASCII in the query and fragment', '/b/ideas?q=caf\u00e9#t\u00e9', '/b/ideas?q=caf%C3%A9#t%C3%A9'],
    ['encoded newlines, which stay encoded', '/a%0d%0aSet-Cookie:x', '/a%0d%0aSet-Cookie:x'],
    ['dot segments, resolved', '/a/./b/../c', '/a/c'],
    ['a lone surrogate, as the browser would (U+FFFD)', '/a\ud800', '/a%EF%BF%BD'],
  ])('normalises %s', (_label, value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it('decides same-origin with the WHATWG URL parser against the given origin', () => {
    for (const value of ['/admin', '/%E3%80%82evil.example', '/.//evil.example', '/\\evil', '//evil', 'https:evil']) {
      const next = safeNextPath(value, '/', 'https://chorus.example');
      expect(next).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
      expect(new URL(next, 'https://chorus.example').origin).toBe('https://chorus.example');
    }
  });

  it('uses the given fallback', () => {
    expect(safeNextPath('//x', '/settings')).toBe('/settings');
  });
});
