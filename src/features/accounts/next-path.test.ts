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

  it('uses the given fallback', () => {
    expect(safeNextPath('//x', '/settings')).toBe('/settings');
  });
});
