import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, relativeTime } from './dates';

const NOW = '2026-11-26T12:00:00Z';
const ago = (seconds: number) => new Date(Date.parse(NOW) - seconds * 1000).toISOString();

describe('dates, relative times and numbers per language', () => {
  it('keeps English as it was: fixed month names, in UTC', () => {
    expect(formatDate('2026-09-05T23:30:00Z')).toBe('5 Sep 2026');
    expect(formatDateTime('2026-09-05T23:30:00Z')).toBe('5 Sep 2026, 23:30 UTC');
    expect(relativeTime(ago(10), NOW)).toBe('just now');
    expect(relativeTime(ago(3 * 3600), NOW)).toBe('3 hours ago');
    expect(relativeTime(ago(60), NOW)).toBe('1 minute ago');
  });

  it('writes dates in the language’s own way', () => {
    expect(formatDate('2026-09-05T23:30:00Z', 'de')).toBe('5. Sept. 2026');
    expect(formatDate('2026-09-05T23:30:00Z', 'ja')).toBe('2026年9月5日');
    expect(formatDateTime('2026-09-05T23:30:00Z', 'fr')).toMatch(/^5 sept\. 2026, 23:30 UTC$/);
  });

  it('says how long ago in the language, with its plural rules', () => {
    expect(relativeTime(ago(3 * 3600), NOW, 'de')).toBe('vor 3 Stunden');
    expect(relativeTime(ago(3600), NOW, 'es')).toBe('hace 1 hora');
    expect(relativeTime(ago(2 * 86400), NOW, 'ja')).toBe('2 日前');
    expect(relativeTime(ago(10), NOW, 'fr')).toBe('maintenant');
    // Past a month: the date.
    expect(relativeTime(ago(40 * 86400), NOW, 'pt-BR')).toBe(formatDate(ago(40 * 86400), 'pt-BR'));
  });

  it('groups numbers as the language does', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(12345, 'de')).toBe('12.345');
    expect(formatNumber(12345, 'fr')).toBe('12\u202f345');
  });
});
