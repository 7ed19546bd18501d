/**
 * The embeddable widget (docs/widget.md): the host origins allowed to embed it, the exchange of
 * an identify token for a widget session, and the messages the panel and the loader exchange.
 */
import { z } from 'zod';

/** How many host origins a workspace may list. */
export const MAX_WIDGET_ORIGINS = 50;

/**
 * A host origin as browsers send it in `event.origin` and match it in `frame-ancestors`: a scheme
 * (https, or http for local development), a host and an optional port, nothing else: no path,
 * query, fragment, credentials or wildcard. Returns the origin in its canonical form (lower-case,
 * default port dropped), or null when the text is not one.
 */
export function canonicalOrigin(text: string): string | null {
  const trimmed = text.trim().replace(/\/$/, '');
  if (!/^https?:\/\/[^/?#@\s*]+$/i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname || url.username || url.password) return null;
  // What a browser reports as this page's origin; anything that changed on the way (an IDN, `..`) is refused as written.
  return url.origin === 'null' ? null : url.origin;
}

/** Splits the settings form's free text (lines, commas or spaces) into entries. */
export function splitOriginList(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** The allowed host origins: each checked and made canonical, duplicates removed; invalid ones named together on the field. */
export const widgetOriginsSchema = z
  .array(z.string().max(300), { message: 'Give a list of origins' })
  .max(MAX_WIDGET_ORIGINS, `List at most ${MAX_WIDGET_ORIGINS} origins`)
  .transform((list, ctx) => {
    const out: string[] = [];
    const bad: string[] = [];
    for (const entry of list.map((e) => e.trim()).filter(Boolean)) {
      const origin = canonicalOrigin(entry);
      if (origin) {
        if (!out.includes(origin)) out.push(origin);
      } else bad.push(entry);
    }
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad.length === 1 ? 'Not an origin' : 'Not origins'} (like https://app.example.com, no path): ${bad.slice(0, 3).join(', ')}${bad.length > 3 ? '…' : ''}`,
      });
      return z.NEVER;
    }
    return out;
  });

/** POST /api/v1/widget/session takes the same body as POST /api/v1/auth/identify: the identify token the host product signed. */
export { identifyInput as widgetSessionInput } from '@/features/identify/schema';

/** The widget session: a bearer token for the panel's requests, kept in its memory only. */
export const widgetSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: z.object({ id: z.uuid(), displayName: z.string() }),
});
export type WidgetSession = z.infer<typeof widgetSessionSchema>;
