/**
 * Webhooks' inputs and outputs (SPEC.md §3, §5, §7): one zod schema per input, shared by the API
 * and the admin page's form. Whether a URL may be reached (SSRF) is checked by the server when
 * it saves (it resolves the host); this schema checks the shape only.
 */
import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, WEBHOOK_FORMATS } from './enums';

export const MAX_WEBHOOK_URL_LENGTH = 2000;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 200;

export const webhookUrlSchema = z
  .string({ message: 'Enter the URL to send events to' })
  .trim()
  .min(1, 'Enter the URL to send events to')
  .max(MAX_WEBHOOK_URL_LENGTH, `At most ${MAX_WEBHOOK_URL_LENGTH} characters`)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'Enter a full URL, like https://example.com/hooks/chorus');

const descriptionSchema = z.string().trim().max(MAX_WEBHOOK_DESCRIPTION_LENGTH, `At most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`);
const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { message: 'Choose events from the list' }), { message: 'Choose at least one event' })
  .min(1, 'Choose at least one event')
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));
const formatSchema = z.enum(WEBHOOK_FORMATS, { message: 'Choose a format from the list' });

export const webhookEndpointInput = z.object({
  url: webhookUrlSchema,
  description: descriptionSchema.default(''),
  events: eventsSchema,
  format: formatSchema.default('generic'),
  includePrivate: z.boolean().default(false),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInput>;

/** A change: only the fields sent (no defaults, so a PATCH of `events` keeps the description and format). */
export const webhookEndpointUpdate = z.object({
  url: webhookUrlSchema.optional(),
  description: descriptionSchema.optional(),
  events: eventsSchema.optional(),
  format: formatSchema.optional(),
  includePrivate: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdate>;

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    format: z.enum(WEBHOOK_FORMATS),
    includePrivate: z.boolean(),
    /** Active, or disabled (after repeated failure) with why and when. */
    state: z.enum(['active', 'disabled']),
    disabledAt: z.string().nullable(),
    disabledReason: z.string().nullable(),
    createdAt: z.string(),
    /** The last attempt's outcome, for the list. */
    lastAttempt: z.object({ at: z.string(), ok: z.boolean(), statusCode: z.number().nullable() }).nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

/** An endpoint with its signing secret: only in the answer that creates it or rotates the secret. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookAttemptSchema = z
  .object({
    id: z.number(),
    deliveryId: z.uuid(),
    eventId: z.uuid(),
    eventType: z.string(),
    attempt: z.number(),
    at: z.string(),
    durationMs: z.number(),
    statusCode: z.number().nullable(),
    responseBody: z.string().nullable(),
    error: z.string().nullable(),
    ok: z.boolean(),
    /** The delivery's state now (a failed attempt may since have been retried successfully). */
    deliveryState: z.enum(WEBHOOK_DELIVERY_STATES),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptPageSchema = z.object({ items: z.array(webhookAttemptSchema), nextCursor: z.string().nullable() });
export type WebhookAttemptPage = z.infer<typeof webhookAttemptPageSchema>;

export const webhookDeliveryRefSchema = z.object({ deliveryId: z.uuid(), eventId: z.uuid() });
export type WebhookDeliveryRef = z.infer<typeof webhookDeliveryRefSchema>;

/** The path of one endpoint's routes, `/api/v1/admin/webhooks/{id}`. */
export const webhookIdParams = z.object({ id: z.uuid({ message: 'Not a webhook endpoint id' }).describe('The webhook endpoint’s id.') });
/** GET …/{id}/attempts: the delivery log, 20 attempts a page. */
export const webhookAttemptsQuery = webhookIdParams.extend({
  cursor: z.string().max(20).optional().describe('Where the next page starts: the `nextCursor` of the page before.'),
});
/** POST …/{id}/deliveries/{delivery}/redeliver. */
export const webhookDeliveryParams = webhookIdParams.extend({
  delivery: z.uuid({ message: 'Not a delivery id' }).describe('The delivery to send again (its `deliveryId` in the delivery log).'),
});
