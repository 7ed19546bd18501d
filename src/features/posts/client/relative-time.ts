/** Moved to the shared date helpers, which take the page's locale (src/lib/dates.ts). */
export { relativeTime } from '@/lib/dates';
