/**
 * The S3-compatible store against a loopback stand-in started here (src/test/s3-stand-in.ts):
 * every request must carry a valid SigV4 signature for the configured keys, or it is refused, as
 * a real S3 would. Then the whole upload → serve → sweep path runs with S3 configured.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/server/db/client';
import { attachmentBlobs, attachments } from '@/server/db/schema';
import { createTestActor, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { startS3StandIn, type S3StandIn } from '@/test/s3-stand-in';
import type { Attachment } from '../schema';
import { attachmentRoute, attachmentsRoute } from './handlers';
import { ORPHAN_TTL_MS, sweepOrphans } from './service';
import { s3Store } from './storage';

const s3 = vi.hoisted(() => ({ endpoint: '' }));
vi.mock('@/config/env', async (original) => {
  const real = await original<typeof import('@/config/env')>();
  return {
    ...real,
    env: () => ({
      ...real.env(),
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'chorus-test',
      S3_REGION: 'eu-test-1',
      S3_ACCESS_KEY_ID: 'AKIDTEST',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
    }),
  };
});

useTestDatabase();

let server: S3StandIn;
let member: TestActor;

beforeAll(async () => {
  server = await startS3StandIn({
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'test-secret-key',
    region: 'eu-test-1',
    bucket: 'chorus-test',
  });
  s3.endpoint = server.endpoint;
  member = await createTestActor('member');
});
afterAll(async () => server?.close());

describe('the S3-compatible store', () => {
  it('puts, gets and deletes objects with signed requests', async () => {
    const store = s3Store({
      endpoint: server.endpoint,
      bucket: 'chorus-test',
      region: 'eu-test-1',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'test-secret-key',
    });
    await store.put(db(), 'attachments/x/original.png', Buffer.from('hello'), 'image/png');
    expect(server.objects.get('attachments/x/original.png')?.toString()).toBe('hello');
    expect((await store.get(db(), 'attachments/x/original.png'))?.toString()).toBe('hello');
    expect(await store.get(db(), 'attachments/none')).toBeNull();
    await store.remove(db(), ['attachments/x/original.png', 'attachments/none']);
    expect(server.objects.size).toBe(0);
  });

  it('fails loudly when the stand-in refuses the signature (wrong secret)', async () => {
    const wrong = s3Store({
      endpoint: server.endpoint,
      bucket: 'chorus-test',
      region: 'eu-test-1',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'not-the-secret',
    });
    await expect(wrong.put(db(), 'k', Buffer.from('x'), 'image/png')).rejects.toThrow(/403/);
    expect(server.refused).toBeGreaterThan(0);
  });

  it('stores uploads in the bucket (not the database), serves them, and the sweep deletes the objects', async () => {
    const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer();
    const res = await callRoute<Attachment>(attachmentsRoute, { method: 'POST', rawBody: bytes, origin: 'self', as: member });
    expect(res.status).toBe(201);
    const [row] = await db().select().from(attachments).where(eq(attachments.id, res.json.id));
    expect(server.objects.has(row!.storageKey)).toBe(true);
    expect(server.objects.has(row!.webKey)).toBe(true);
    expect(await db().select().from(attachmentBlobs)).toHaveLength(0);

    const served = await callRoute(attachmentRoute, { params: { id: res.json.id }, as: member });
    expect(served.status).toBe(200);
    expect(served.bytes.equals(server.objects.get(row!.storageKey)!)).toBe(true);

    await db()
      .update(attachments)
      .set({ createdAt: new Date(Date.now() - ORPHAN_TTL_MS - 1000) })
      .where(eq(attachments.id, res.json.id));
    await db().transaction((tx) => sweepOrphans(tx));
    expect(server.objects.has(row!.storageKey)).toBe(false);
    expect(server.objects.has(row!.webKey)).toBe(false);
  });
});
