import type { NextApiRequest } from 'next';
import { anyone, isSignedIn } from '@/core/identity/policy';
import { endpoint, json, route, type Reply } from '@/server/http/route';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../enums';
import { attachmentParams, attachmentSchema, uploadQuery } from '../schema';
import { readBrandingImage, readContentImage, uploadContentImage, type ServedImage } from './service';

/** Uploads per person (SPEC.md §9 names none for files; a generous hourly bound against abuse). */
export const UPLOAD_LIMIT = { name: 'uploads', limit: 60, windowSeconds: 3600 };

/**
 * How an image leaves: its sniffed type, never sniffed again by the browser, sandboxed if opened
 * on its own (no script, no plug-in, no form can run from it), inline under a safe name, and
 * cached as `cacheControl` says. The id never names other bytes, so a copy stays valid until it
 * expires; the ETag answers a revalidation with 304.
 */
export function imageReply(req: NextApiRequest, image: ServedImage, cacheControl: string): Reply {
  const headers: Record<string, string> = {
    'content-type': image.contentType,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    'content-disposition': `inline; filename="${image.filename}"`,
    'cache-control': cacheControl,
    'cross-origin-resource-policy': 'same-origin',
    etag: image.etag,
  };
  if (req.headers['if-none-match'] === image.etag) return { status: 304, headers };
  return { status: 200, headers, raw: image.data };
}

/**
 * A post's or comment's image is cached by the browser only, whatever its board: a shared cache
 * (a CDN, a company proxy) would go on serving a public board's image to anyone for up to its
 * max-age after the board turned private or the post was deleted.
 */
const CONTENT_IMAGE_CACHE = 'private, max-age=3600';

const serve = (variant: 'original' | 'web') =>
  endpoint({
    authorize: anyone,
    apiKey: 'key',
    query: attachmentParams,
    summary: variant === 'web' ? 'An uploaded image, web-sized' : 'An uploaded image',
    description:
      'The image bytes (not JSON), as the caller may see them: with the post (and comment) that shows it, or only by its ' +
      'uploader while no saved text shows it. Anything else is 404.' +
      (variant === 'web' ? ' WebP, at most 1600 px a side.' : ' The stored copy, metadata stripped.'),
    tags: ['attachments'],
    produces: IMAGE_TYPES,
    handle: async ({ req, actor, query }) => imageReply(req, await readContentImage(actor, query.id, variant), CONTENT_IMAGE_CACHE),
  });

/** GET /api/v1/attachments/[id]: the stored copy. */
export const attachmentRoute = route('/api/v1/attachments/{id}', { GET: serve('original') });
/** GET /api/v1/attachments/[id]/web: the web-sized copy. */
export const attachmentWebRoute = route('/api/v1/attachments/{id}/web', { GET: serve('web') });

/** POST /api/v1/attachments: the file is the request body (any content type; the bytes decide). */
export const attachmentsRoute = route('/api/v1/attachments', {
  POST: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: uploadQuery,
    upload: { maxBytes: MAX_IMAGE_BYTES },
    rateLimit: UPLOAD_LIMIT,
    summary: 'Upload an image',
    description:
      'The request body is the image file itself (at most 5 MiB; PNG, JPEG, GIF or WebP, recognised by its content). ' +
      'Metadata is stripped and a web-sized copy made. Answers the attachment with the Markdown that shows it; it is ' +
      'visible only to its uploader until a post or comment that shows it is saved, then with that post; if none does within a day it is deleted.',
    tags: ['attachments'],
    errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
    response: attachmentSchema,
    handle: async ({ actor, file, query }) => json(await uploadContentImage(actor, file ?? Buffer.alloc(0), query.filename), 201),
  }),
});

const brandingServe = (variant: 'original' | 'web') =>
  endpoint({
    authorize: anyone,
    apiKey: 'key',
    // The sign-in page of a sign-in-required workspace shows the logo too, and so do emails.
    openToVisitors: true,
    query: attachmentParams,
    summary: variant === 'web' ? 'The logo or favicon' : 'The logo or favicon, large',
    description:
      variant === 'web'
        ? 'The image bytes: the logo 96 px high, or the favicon at 32 px (PNG). Public.'
        : 'The image bytes: the logo at most 1024 px, or the favicon at 180 px (PNG). Public.',
    tags: ['settings'],
    // Branding images are PNG throughout (./image.ts), for email clients.
    produces: 'image/png',
    handle: async ({ req, query }) => imageReply(req, await readBrandingImage(query.id, variant), 'public, max-age=31536000, immutable'),
  });

/** GET /api/v1/branding/[id] and /api/v1/branding/[id]/large. A new upload has a new id, so copies never go stale. */
export const brandingImageRoute = route('/api/v1/branding/{id}', { GET: brandingServe('web') });
export const brandingLargeImageRoute = route('/api/v1/branding/{id}/large', { GET: brandingServe('original') });
