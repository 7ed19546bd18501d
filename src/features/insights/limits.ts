/** Insights limits the page and the schema share (browser-safe, without zod). */

/** The longest custom period: two years of days. */
export const MAX_PERIOD_DAYS = 731;
