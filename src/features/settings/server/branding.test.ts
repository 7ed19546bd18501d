/**
 * Branding: the logo and favicon go through the image pipeline, are served publicly (also to
 * visitors of a sign-in-required workspace: the sign-in page and emails show them), replace and
 * remove cleanly, and the shell's workspace reads the change at once; admins only.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brandingImageRoute, brandingLargeImageRoute } from '@/features/attachments/server/handlers';
import { db } from '@/server/db/client';
import { attachments, rateLimits, workspaceSettings } from '@/server/db/schema';
import { getPublicWorkspace } from '@/server/workspace';
import { createRoleActors, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { adminBrandingRoute, adminSettingsRoute } from './handlers';

useTestDatabase();

let member: TestActor, admin: TestActor;
beforeAll(async () => {
  ({ member, admin } = await createRoleActors());
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

const image = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 4, background: '#ff8800' } })
    .png()
    .toBuffer();
const put = async (asset: string, bytes: Buffer, as?: TestActor) =>
  callRoute<{ logoUrl: string | null; faviconUrl: string | null }>(adminBrandingRoute, {
    method: 'PUT',
    params: { asset },
    rawBody: bytes,
    origin: 'self',
    as,
  });
const idOf = (url: string) => url.split('/').pop()!;

describe('branding', () => {
  it('is for admins only', async () => {
    expect((await put('logo', await image(10, 10))).status).toBe(401);
    expect((await put('logo', await image(10, 10), member)).status).toBe(403);
    expect((await put('banner', await image(10, 10), admin)).status).toBe(422);
    expect((await put('logo', Buffer.from('MZ not an image at all'), admin)).status).toBe(415);
  });

  it('stores a logo as PNG 96 px high, serves it to anyone (even in a sign-in-required workspace), replaces and removes it', async () => {
    await db().update(workspaceSettings).set({ access: 'sign_in_required' });
    const first = await put('logo', await image(800, 200), admin);
    expect(first.status).toBe(200);
    expect(first.json.logoUrl).toMatch(/^\/api\/v1\/branding\/[0-9a-f-]{36}$/);
    expect((await getPublicWorkspace()).logoUrl).toBe(first.json.logoUrl);

    const served = await callRoute(brandingImageRoute, { params: { id: idOf(first.json.logoUrl!) } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'png', height: 96, width: 384 });

    const second = await put('logo', await image(100, 100), admin);
    expect(second.json.logoUrl).not.toBe(first.json.logoUrl);
    expect(
      await db()
        .select()
        .from(attachments)
        .where(eq(attachments.id, idOf(first.json.logoUrl!))),
    ).toHaveLength(0);
    expect((await callRoute(brandingImageRoute, { params: { id: idOf(first.json.logoUrl!) } })).status).toBe(404);

    const removed = await callRoute(adminBrandingRoute, { method: 'DELETE', params: { asset: 'logo' }, origin: 'self', as: admin });
    expect(removed.json).toMatchObject({ logoUrl: null });
    expect((await getPublicWorkspace()).logoUrl).toBeNull();
    expect(await db().select().from(attachments).where(eq(attachments.kind, 'logo'))).toHaveLength(0);
    await db().update(workspaceSettings).set({ access: 'public' });
  });

  it('makes a favicon 32 px and 180 px squares', async () => {
    const res = await put('favicon', await image(300, 120), admin);
    const id = idOf(res.json.faviconUrl!);
    const small = await callRoute(brandingImageRoute, { params: { id } });
    const large = await callRoute(brandingLargeImageRoute, { params: { id } });
    expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 32, height: 32, format: 'png' });
    expect(await sharp(large.bytes).metadata()).toMatchObject({ width: 180, height: 180 });
    expect((await getPublicWorkspace()).faviconUrl).toBe(res.json.faviconUrl);
  });

  it('hides "powered by Chorus" through the settings', async () => {
    expect((await getPublicWorkspace()).showPoweredBy).toBe(true);
    const res = await callRoute(adminSettingsRoute, { method: 'PATCH', body: { showPoweredBy: false }, origin: 'self', as: admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ showPoweredBy: false });
    expect((await getPublicWorkspace()).showPoweredBy).toBe(false);
  });
});
