import { formatDate } from '@/lib/dates';

/**
 * "3 hours ago", measured against a `now` the server sends with the page, so the server's
 * render and the browser's hydration print the same words.
 */
export function relativeTime(iso: string, nowIso: string): string {
  const seconds = Math.max(0, (Date.parse(nowIso) - Date.parse(iso)) / 1000);
  const units: [number, string][] = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [30, 'day'],
  ];
  let value = seconds;
  if (value < 45) return 'just now';
  for (const [size, unit] of units) {
    if (value < size) {
      const n = Math.floor(value);
      return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
    }
    value /= size;
  }
  return formatDate(iso);
}
