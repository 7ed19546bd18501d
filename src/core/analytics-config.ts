import { z } from 'zod';

/** What the browser needs to start analytics; null when analytics is not configured. */
export const analyticsConfigSchema = z
  .object({
    key: z.string(),
    host: z.string(),
    /** Tests only: lets automated browsers through PostHog's bot filter. */
    allowAutomation: z.boolean(),
  })
  .nullable();
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
