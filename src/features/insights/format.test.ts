import { describe, expect, it } from 'vitest';
import { durationParts, formatDay, formatDuration } from './format';

describe('insights formats', () => {
  it('cuts a duration into the parts each language words its own way', () => {
    expect(durationParts(30)).toEqual({ unit: 'underMinute' });
    expect(durationParts(45 * 60)).toEqual({ unit: 'minutes', minutes: 45 });
    expect(durationParts(3 * 3600)).toEqual({ unit: 'hours', hours: 3 });
    expect(durationParts(3 * 3600 + 20 * 60)).toEqual({ unit: 'hoursMinutes', hours: 3, minutes: 20 });
    expect(durationParts(2 * 86400)).toEqual({ unit: 'days', days: 2 });
    expect(durationParts(2 * 86400 + 4 * 3600)).toEqual({ unit: 'daysHours', days: 2, hours: 4 });
    // English (the CSV's words) reads as before.
    expect([30, 45 * 60, 3 * 3600 + 20 * 60, 2 * 86400 + 4 * 3600].map(formatDuration)).toEqual([
      'under 1 min',
      '45 min',
      '3 h 20 min',
      '2 d 4 h',
    ]);
  });

  it('writes a UTC day in the page’s language; English keeps its fixed month names', () => {
    expect(formatDay('2026-11-16')).toBe('16 Nov');
    expect(formatDay('2026-11-16', true)).toBe('16 Nov 2026');
    expect(formatDay('2026-09-01', true, 'de')).toBe('1. Sept. 2026');
    expect(formatDay('2026-11-16', true, 'ja')).toBe('2026年11月16日');
    // The first day of a month stays that day whatever the machine's time zone.
    expect(formatDay('2026-03-01', false, 'fr')).toBe('1 mars');
  });
});
