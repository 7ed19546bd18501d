/**
 * Uploaded images (SPEC.md §3, §5; src/features/attachments/README.md): upload, serve as their
 * readers may see them, tie them to the text that shows them, and sweep what nobody attached.
 * Posts and comments call `settleImagesOfText` in the transaction that saves their text; the
 * settings feature stores the workspace's logo and favicon through `storeBrandingImage`.
 */
import { randomUUID } from 'node:crypto';
import type { UserActor, Actor } from '@/server/identity/actor';
import { db, type DbOrTx } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { enqueueJob } from '@/server/jobs/queue';
import { logger } from '@/server/log';
import { attachmentPath, attachmentWebPath, imageNodes, type MdDoc } from '@/lib/markdown-tree';
import type { ImageType } from '../enums';
import type { Attachment } from '../schema';
import { extensionOf, processBrandingImage, processContentImage, type ProcessedImage } from './image';
import {
  deleteAttachmentRows,
  getAttachmentsByIds,
  getBrandingAttachment,
  getVisibleContentAttachment,
  insertAttachment,
  listImagesOfText,
  lockStaleOrphans,
  settleImagesOfText as settleRows,
  type AttachmentRow,
} from './queries';
import { blobStore } from './storage';

/** How long an upload that no saved text shows is kept for its uploader (then swept). */
export const ORPHAN_TTL_MS = 24 * 60 * 60 * 1000;
export const SWEEP_JOB = 'attachments.sweep';
const SWEEP_BATCH = 100;
/** At most this many images per text are tied to it. */
const MAX_IMAGES_PER_TEXT = 50;

/** A name safe in a header and in Markdown: letters, digits, `.`, `-`, `_`; its extension the sniffed type's. */
export function safeFilename(raw: string | undefined, type: ImageType): string {
  const base = (raw ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  return `${base || 'image'}.${extensionOf(type)}`;
}

function toAttachment(row: AttachmentRow): Attachment {
  const alt = row.filename.replace(/\.[a-z]+$/, '');
  return {
    id: row.id,
    url: attachmentPath(row.id),
    webUrl: attachmentWebPath(row.id),
    markdown: `![${alt}](${attachmentPath(row.id)})`,
    filename: row.filename,
    contentType: row.contentType as ImageType,
    size: row.size,
    width: row.width,
    height: row.height,
  };
}

/** Writes both copies and the row; with S3 the objects go first and are removed if the row cannot be written. */
async function storeImage(
  image: ProcessedImage,
  values: { kind: AttachmentRow['kind']; ownerId: string | null; filename: string },
  tx?: DbOrTx,
): Promise<AttachmentRow> {
  const store = blobStore();
  const id = randomUUID();
  const prefix = values.kind === 'content' ? 'attachments' : 'branding';
  const storageKey = `${prefix}/${id}/original.${extensionOf(image.original.contentType)}`;
  const webKey = `${prefix}/${id}/web.${extensionOf(image.web.contentType)}`;
  const row = {
    id,
    ...values,
    contentType: image.original.contentType,
    size: image.original.data.length,
    width: image.original.width,
    height: image.original.height,
    storageKey,
    webKey,
    webContentType: image.web.contentType,
    webSize: image.web.data.length,
    webWidth: image.web.width,
    webHeight: image.web.height,
  };
  const write = async (handle: DbOrTx) => {
    if (store.kind === 'database') {
      await store.put(handle, storageKey, image.original.data, image.original.contentType);
      await store.put(handle, webKey, image.web.data, image.web.contentType);
    }
    return insertAttachment(handle, row);
  };
  // Inside a caller's transaction db() may not be used (src/server/db/client.ts): the S3 store ignores the handle.
  const handle = tx ?? db();
  if (store.kind === 's3') {
    await store.put(handle, storageKey, image.original.data, image.original.contentType);
    await store.put(handle, webKey, image.web.data, image.web.contentType);
  }
  try {
    return tx ? await write(tx) : await db().transaction(write);
  } catch (err) {
    if (store.kind === 's3') await store.remove(handle, [storageKey, webKey]).catch(() => undefined);
    throw err;
  }
}

/** An image for a post or comment: sniffed, stripped, resized; the uploader's alone until a saved text shows it. */
export async function uploadContentImage(actor: UserActor, bytes: Uint8Array, filename: string | undefined): Promise<Attachment> {
  const image = await processContentImage(bytes);
  const row = await storeImage(image, {
    kind: 'content',
    ownerId: actor.id,
    filename: safeFilename(filename, image.original.contentType),
  });
  return toAttachment(row);
}

export interface ServedImage {
  data: Buffer;
  contentType: string;
  filename: string;
  etag: string;
}

async function read(row: AttachmentRow, variant: 'original' | 'web'): Promise<ServedImage> {
  const key = variant === 'web' ? row.webKey : row.storageKey;
  const data = await blobStore().get(db(), key);
  if (!data) {
    logger().warn({ attachment: row.id, variant }, 'attachment bytes missing from storage');
    throw new AppError('NOT_FOUND', 'There is no such attachment.');
  }
  const contentType = variant === 'web' ? row.webContentType : row.contentType;
  const filename =
    variant === 'web' ? `${row.filename.replace(/\.[a-z]+$/, '')}-web.${extensionOf(contentType as ImageType)}` : row.filename;
  return { data, contentType, filename, etag: `"${row.id}-${variant}"` };
}

/** A post's or comment's image as this actor may see it; 404 otherwise (SPEC.md §6). */
export async function readContentImage(actor: Actor, id: string, variant: 'original' | 'web'): Promise<ServedImage> {
  const found = await getVisibleContentAttachment(db(), actor, id);
  if (!found) throw new AppError('NOT_FOUND', 'There is no such attachment.');
  return read(found, variant);
}

/** The logo or favicon (public, like the workspace's name). */
export async function readBrandingImage(id: string, variant: 'original' | 'web'): Promise<ServedImage> {
  const row = await getBrandingAttachment(db(), id);
  if (!row) throw new AppError('NOT_FOUND', 'There is no such image.');
  return read(row, variant);
}

/** The ids of uploaded images a text shows (`…/api/v1/attachments/<id>`), each once. */
export function imageIdsIn(text: string): string[] {
  const ids = new Set<string>();
  for (const m of text.matchAll(/\/api\/v1\/attachments\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/g)) {
    ids.add(m[1]!);
    if (ids.size >= MAX_IMAGES_PER_TEXT) break;
  }
  return [...ids];
}

/**
 * In the transaction that saves a post's body or a comment: the saver's unattached uploads it
 * shows join that text (and so its post's visibility); images it no longer shows are let go.
 */
export async function settleImagesOfText(
  tx: DbOrTx,
  text: { postId: string; commentId: number | null; authorId: string; body: string },
): Promise<void> {
  await settleRows(tx, text, imageIdsIn(text.body));
}

/**
 * Fills in the size of each uploaded image that belongs to the text showing it (one query for a
 * whole page); any other image stays a link. Call on trees of one's own (renderMarkdown copies them).
 */
export async function showAttachedImages(texts: { doc: MdDoc | null; postId: string; commentId: number | null }[]): Promise<void> {
  const wanted = texts.flatMap((t) => (t.doc ? imageNodes([t.doc]).map((node) => ({ node, text: t })) : []));
  if (wanted.length === 0) return;
  const rows = await getAttachmentsByIds(db(), [...new Set(wanted.map((w) => w.node.id))], 'content');
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const { node, text } of wanted) {
    const row = byId.get(node.id);
    if (row && row.postId === text.postId && (row.commentId ?? null) === text.commentId) {
      node.w = row.webWidth;
      node.h = row.webHeight;
    }
  }
}

/** A preview: the writer's own uploads show as images. */
export async function showOwnImages(doc: MdDoc, ownerId: string): Promise<void> {
  const nodes = imageNodes([doc]);
  if (nodes.length === 0) return;
  const rows = await listImagesOfText(db(), { ownerId }, [...new Set(nodes.map((n) => n.id))]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const node of nodes) {
    const row = byId.get(node.id);
    if (row) {
      node.w = row.webWidth;
      node.h = row.webHeight;
    }
  }
}

/** A logo or favicon, processed for its use (before the transaction that stores it: it takes CPU, not the database). */
export const prepareBrandingImage = (kind: 'logo' | 'favicon', bytes: Uint8Array): Promise<ProcessedImage> =>
  processBrandingImage(bytes, kind);

/** Stores a prepared logo or favicon; the settings feature records its URL in the same transaction. */
export async function storeBrandingImage(
  tx: DbOrTx,
  kind: 'logo' | 'favicon',
  image: ProcessedImage,
  ownerId: string,
): Promise<{ id: string; url: string }> {
  const row = await storeImage(image, { kind, ownerId, filename: `${kind}.png` }, tx);
  return { id: row.id, url: brandingPath(row.id) };
}

/** Where a branding image is served: the web-sized copy; `/large` the stored one (180 px for a favicon). */
export const brandingPath = (id: string) => `/api/v1/branding/${id}`;

/** The id in a branding URL this workspace wrote, or null. */
export function brandingIdOf(url: string | null): string | null {
  return /^\/api\/v1\/branding\/([0-9a-f-]{36})$/.exec(url ?? '')?.[1] ?? null;
}

/** Removes attachments and their bytes (a replaced logo, swept orphans). */
export async function removeAttachments(tx: DbOrTx, ids: string[]): Promise<void> {
  await deleteRowsAndBytes(tx, await getAttachmentsByIds(tx, ids));
}

async function deleteRowsAndBytes(tx: DbOrTx, rows: AttachmentRow[]): Promise<void> {
  if (rows.length === 0) return;
  await deleteAttachmentRows(
    tx,
    rows.map((r) => r.id),
  );
  await blobStore().remove(
    tx,
    rows.flatMap((r) => [r.storageKey, r.webKey]),
  );
}

/** Deletes the uploads nobody attached within a day (and those a text let go a day ago); returns how many. */
export async function sweepOrphans(tx: DbOrTx, now = new Date()): Promise<number> {
  const stale = await lockStaleOrphans(tx, new Date(now.getTime() - ORPHAN_TTL_MS), SWEEP_BATCH);
  await deleteRowsAndBytes(tx, stale);
  return stale.length;
}

/** Schedules the hourly sweep once across instances (a keyed job). */
export async function scheduleOrphanSweep(): Promise<void> {
  await enqueueJob(SWEEP_JOB, {}, { key: 'attachments:sweep', delaySeconds: 60 });
}
