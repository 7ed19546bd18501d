/**
 * What an attachment is for: an image in a post or comment (`content`), or the workspace's logo
 * or favicon (branding, public to anyone who may open the workspace's pages).
 */
export const ATTACHMENT_KINDS = ['content', 'logo', 'favicon'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** The image types accepted (SPEC.md §5), as sniffed from the bytes, never from the name. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** SPEC.md §5: images at most 5 MiB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
