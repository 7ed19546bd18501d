import { z } from 'zod';

/** PUT /api/v1/posts/[number]/subscription: the bell's choice. */
export const subscriptionInput = z.object({ subscribed: z.boolean() });
/** Whether one follows a post (its bell). */
export const subscriptionStateSchema = z.object({ subscribed: z.boolean() });
