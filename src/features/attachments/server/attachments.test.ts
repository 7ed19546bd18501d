/**
 * Attachments end to end through their routes: what is accepted (by content), what is stored
 * (no metadata), who may see it (SPEC.md §6: 404 to whoever may not see its post), how it is
 * served, how texts take and let go of images, and the orphan sweep. PGlite, and PostgreSQL
 * with CHORUS_TEST_DATABASE_URL.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createComment, updateComment } from '@/features/comments/server/service';
import { createPost, updatePost } from '@/features/posts/server/service';
import { db } from '@/server/db/client';
import { attachmentBlobs, attachments, rateLimits } from '@/server/db/schema';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { grantBoard, insertBoard } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute, type JsonBody } from '@/test/http';
import type { UserActor } from '@/server/identity/actor';
import type { Attachment } from '../schema';
import { attachmentRoute, attachmentsRoute, attachmentWebRoute } from './handlers';
import { ORPHAN_TTL_MS, showAttachedImages, sweepOrphans } from './service';
import { renderMarkdown } from '@/server/markdown/render';
import { posts } from '@/server/db/schema';

useTestDatabase();

let member: TestActor, moderator: TestActor, granted: TestActor, outsider: TestActor;
let publicBoard: Awaited<ReturnType<typeof insertBoard>>, privateBoard: Awaited<ReturnType<typeof insertBoard>>;

beforeAll(async () => {
  ({ member, moderator } = await createRoleActors());
  granted = await createTestActor('member');
  outsider = await createTestActor('member');
  publicBoard = await insertBoard();
  privateBoard = await insertBoard({ visibility: 'private' });
  await grantBoard(privateBoard.id, granted.id);
  await grantBoard(privateBoard.id, member.id);
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** A JPEG carrying EXIF with a GPS position and a camera, as phones write them. */
const jpegWithGps = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc6633' } })
    .jpeg()
    .withMetadata({
      exif: {
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 9', Copyright: 'Someone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      },
    })
    .toBuffer();

const upload = (bytes: Uint8Array, as?: TestActor, filename = 'shot.png', contentType = 'image/png') =>
  callRoute<Attachment & JsonBody>(attachmentsRoute, {
    method: 'POST',
    query: { filename },
    rawBody: bytes,
    headers: { 'content-type': contentType },
    origin: 'self',
    as,
  });
const get = (id: string, as?: TestActor, headers?: Record<string, string>) => callRoute(attachmentRoute, { params: { id }, as, headers });
const getWeb = (id: string, as?: TestActor) => callRoute(attachmentWebRoute, { params: { id }, as });

const userOf = (t: TestActor): UserActor => ({ kind: 'user', ...t }) as unknown as UserActor;

async function uploaded(as: TestActor, bytes?: Uint8Array): Promise<Attachment> {
  const res = await upload(bytes ?? (await png()), as);
  expect(res.status).toBe(201);
  return res.json;
}

describe('uploading', () => {
  it('refuses a visitor (401)', async () => {
    expect((await upload(await png())).status).toBe(401);
  });

  it('refuses an executable named .png, whatever its declared type (415)', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 0x41)]);
    const res = await upload(elf, member, 'cat.png', 'image/png');
    expect(res.status).toBe(415);
    expect(res.json.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const windowsExe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);
    expect((await upload(windowsExe, member, 'photo.jpg', 'image/jpeg')).status).toBe(415);
    // An SVG is an image to a browser, and can carry script: not accepted.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, member, 'x.svg', 'image/svg+xml')).status).toBe(415);
    expect(await db().select().from(attachments).where(eq(attachments.ownerId, member.id))).toHaveLength(0);
  });

  it('refuses more than 5 MiB (413), and takes 5 MiB images under a 1 MiB JSON limit elsewhere', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024, 0)]);
    const res = await upload(big, member);
    expect(res.status).toBe(413);
    expect(res.json.error?.code).toBe('PAYLOAD_TOO_LARGE');
    // Over 1 MiB but within 5 MiB is fine: a noisy PNG that does not compress.
    const noise = Buffer.from(Array.from({ length: 700 * 700 * 3 }, (_, i) => (i * 2654435761) >>> 24));
    const large = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(large, member)).status).toBe(201);
  });

  it('takes the type from the bytes, strips EXIF and GPS, and makes a web-sized WebP copy', async () => {
    const source = await jpegWithGps();
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const res = await upload(source, member, '../../etc/My Holiday "photo".png', 'image/png');
    expect(res.status).toBe(201);
    const a = res.json;
    expect(a).toMatchObject({ contentType: 'image/jpeg', width: 40, height: 30, filename: 'My-Holiday-photo.jpg' });
    expect(a.markdown).toBe(`![My-Holiday-photo](/api/v1/attachments/${a.id})`);
    const [row] = await db().select().from(attachments).where(eq(attachments.id, a.id));
    for (const key of [row!.storageKey, row!.webKey]) {
      const [blob] = await db().select().from(attachmentBlobs).where(eq(attachmentBlobs.key, key));
      const bytes = Buffer.from(blob!.data);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    expect(row!.webContentType).toBe('image/webp');
  });

  it('shrinks the web copy to 1600 px and keeps a GIF animated', async () => {
    const wide = await uploaded(member, await png(2400, 600));
    const [row] = await db().select().from(attachments).where(eq(attachments.id, wide.id));
    expect([row!.webWidth, row!.webHeight]).toEqual([1600, 400]);
    expect([row!.width, row!.height]).toEqual([2400, 600]);

    // Three 20×20 frames (white, black, grey) stacked as pages.
    const animated = await sharp(
      Buffer.concat([
        Buffer.alloc(20 * 20 * 4, 0xff),
        Buffer.from(Array.from({ length: 20 * 20 * 4 }, (_, i) => (i % 4 === 3 ? 255 : 0))),
        Buffer.alloc(20 * 20 * 4, 0x80),
      ]),
      { raw: { width: 20, height: 60, channels: 4, pageHeight: 20 } },
    )
      .gif({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    const gif = await uploaded(member, animated);
    expect(gif).toMatchObject({ contentType: 'image/gif', width: 20, height: 20 });
    const served = await getWeb(gif.id, member);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(served.bytes).metadata()).pages).toBe(3);
  });
});

describe('serving', () => {
  it('sends the sniffed type, nosniff, a sandbox CSP, inline with a safe name, and private caching only', async () => {
    const a = await uploaded(member, await jpegWithGps());
    const p = await createPost(userOf(member), { board: publicBoard.slug, title: 'With a picture', body: `Look: ${a.markdown}` });
    const res = await get(a.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers.get('content-disposition')).toBe('inline; filename="shot.jpg"');
    // Private even on a public board: a shared cache would keep serving it after the board turns private.
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(res.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const etag = res.headers.get('etag')!;
    expect((await get(a.id, undefined, { 'if-none-match': etag })).status).toBe(304);
    const web = await getWeb(a.id);
    expect(web.headers.get('content-type')).toBe('image/webp');
    expect(web.headers.get('content-disposition')).toBe('inline; filename="shot-web.webp"');
    expect(web.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await get(a.id, undefined, { 'if-none-match': etag })).headers.get('cache-control')).toBe('private, max-age=3600');
    expect(p.number).toBeGreaterThan(0);

    const hidden = await uploaded(granted);
    await createPost(userOf(granted), { board: privateBoard.slug, title: 'Private picture', body: hidden.markdown });
    expect((await get(hidden.id, granted)).headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it('answers 404 for an unknown id and a malformed one', async () => {
    expect((await get('00000000-0000-4000-8000-000000000000', member)).status).toBe(404);
    expect((await get('not-a-uuid', member)).status).toBe(422);
  });
});

describe('visibility', () => {
  it('an image on a private board: 404 to visitors and ungranted members, 200 to granted members and the team', async () => {
    const a = await uploaded(member);
    await createPost(userOf(member), { board: privateBoard.slug, title: 'Secret roadmap', body: `Mock-up ${a.markdown}` });
    expect((await get(a.id)).status).toBe(404);
    expect((await getWeb(a.id)).status).toBe(404);
    expect((await get(a.id, outsider)).status).toBe(404);
    expect((await getWeb(a.id, outsider)).status).toBe(404);
    expect((await get(a.id, granted)).status).toBe(200);
    expect((await getWeb(a.id, granted)).status).toBe(200);
    expect((await get(a.id, moderator)).status).toBe(200);
  });

  it('before any saved text shows it, only its uploader sees it', async () => {
    const a = await uploaded(member);
    expect((await get(a.id, member)).status).toBe(200);
    expect((await get(a.id, outsider)).status).toBe(404);
    expect((await get(a.id, moderator)).status).toBe(404);
    expect((await get(a.id)).status).toBe(404);
  });

  it("someone else's upload cannot be claimed by writing its URL; an internal note's image is the team's", async () => {
    const a = await uploaded(outsider);
    await createPost(userOf(member), { board: publicBoard.slug, title: 'Borrowing a picture', body: a.markdown });
    expect((await get(a.id)).status).toBe(404);
    expect((await db().select().from(attachments).where(eq(attachments.id, a.id)))[0]!.postId).toBeNull();

    const post = await createPost(userOf(member), { board: publicBoard.slug, title: 'Team notes here', body: 'Body' });
    const note = await uploaded(moderator);
    await createComment(userOf(moderator), post.number, { body: `Internal ${note.markdown}`, internal: true });
    expect((await get(note.id, moderator)).status).toBe(200);
    expect((await get(note.id, member)).status).toBe(404);
    expect((await get(note.id)).status).toBe(404);
  });

  it('follows its post: a deleted post or comment takes its images with it', async () => {
    const a = await uploaded(member);
    const p = await createPost(userOf(member), { board: publicBoard.slug, title: 'Soon deleted', body: a.markdown });
    expect((await get(a.id)).status).toBe(200);
    const c = await uploaded(member);
    const comment = await createComment(userOf(member), p.number, { body: c.markdown, internal: false });
    expect((await get(c.id)).status).toBe(200);
    await db().execute(sql`update comments set deleted_at = now() where id = ${comment.id}`);
    expect((await get(c.id)).status).toBe(404);
    await db().execute(sql`update posts set deleted_at = now() where number = ${p.number}`);
    expect((await get(a.id)).status).toBe(404);
    expect((await get(a.id, member)).status).toBe(404);
  });
});

describe('texts take and let go of images', () => {
  it('an edit that drops an image lets it go (its uploader keeps it until the sweep); a comment edit adds one', async () => {
    const a = await uploaded(member);
    const p = await createPost(userOf(member), { board: publicBoard.slug, title: 'Edited later', body: a.markdown });
    expect((await db().select().from(attachments).where(eq(attachments.id, a.id)))[0]!.postId).not.toBeNull();
    await updatePost(userOf(member), p.number, { body: 'No picture after all' }, '127.0.0.1');
    const [row] = await db().select().from(attachments).where(eq(attachments.id, a.id));
    expect(row!.postId).toBeNull();
    expect((await get(a.id)).status).toBe(404);
    expect((await get(a.id, member)).status).toBe(200);

    const comment = await createComment(userOf(member), p.number, { body: 'Plain', internal: false });
    const b = await uploaded(member);
    await updateComment(userOf(member), comment.id, `Now with ${b.markdown}`, '127.0.0.1');
    const [bRow] = await db().select().from(attachments).where(eq(attachments.id, b.id));
    expect(bRow).toMatchObject({ commentId: comment.id });
    expect((await get(b.id)).status).toBe(200);
  });
});

describe('rendering', () => {
  it('sizes an image only in the text it belongs to; elsewhere it stays a link', async () => {
    const a = await uploaded(member, await png(120, 80));
    const p = await createPost(userOf(member), { board: publicBoard.slug, title: 'Rendered picture', body: a.markdown });
    const [row] = await db().select().from(posts).where(eq(posts.number, p.number));
    const own = renderMarkdown(a.markdown);
    const elsewhere = renderMarkdown(a.markdown);
    const other = await createPost(userOf(member), { board: publicBoard.slug, title: 'Another post', body: 'x' });
    const [otherRow] = await db().select().from(posts).where(eq(posts.number, other.number));
    await showAttachedImages([
      { doc: own, postId: row!.id, commentId: null },
      { doc: elsewhere, postId: otherRow!.id, commentId: null },
    ]);
    expect((own[0] as { c: unknown[] }).c[0]).toMatchObject({ t: 'img', id: a.id, w: 120, h: 80 });
    expect((elsewhere[0] as { c: unknown[] }).c[0]).not.toHaveProperty('w');
  });
});

describe('the orphan sweep', () => {
  it('deletes uploads no text showed within a day, with their bytes, and keeps attached and recent ones', async () => {
    const old = await uploaded(member);
    const recent = await uploaded(member);
    const kept = await uploaded(member);
    await createPost(userOf(member), { board: publicBoard.slug, title: 'Keeps its picture', body: kept.markdown });
    const past = new Date(Date.now() - ORPHAN_TTL_MS - 60_000);
    await db().update(attachments).set({ createdAt: past }).where(eq(attachments.id, old.id));
    await db().update(attachments).set({ createdAt: past }).where(eq(attachments.id, kept.id));
    const [oldRow] = await db().select().from(attachments).where(eq(attachments.id, old.id));

    const removed = await db().transaction((tx) => sweepOrphans(tx));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(attachments).where(eq(attachments.id, old.id))).toHaveLength(0);
    expect(await db().select().from(attachmentBlobs).where(eq(attachmentBlobs.key, oldRow!.storageKey))).toHaveLength(0);
    expect(await db().select().from(attachmentBlobs).where(eq(attachmentBlobs.key, oldRow!.webKey))).toHaveLength(0);
    expect(await db().select().from(attachments).where(eq(attachments.id, recent.id))).toHaveLength(1);
    expect(await db().select().from(attachments).where(eq(attachments.id, kept.id))).toHaveLength(1);
    expect((await get(old.id, member)).status).toBe(404);
  });
});
