/**
 * Where the bytes of uploaded images live: in the database (the default: every instance shares
 * them and every backup holds them) or in an S3-compatible bucket when S3_* is configured
 * (docs/operations.md, "Attachments"). Keys are chosen by the service, never by the uploader.
 */
import { AwsClient } from 'aws4fetch';
import { inArray, sql } from 'drizzle-orm';
import { env } from '@/config/env';
import type { DbOrTx } from '@/server/db/client';
import { attachmentBlobs } from '@/server/db/schema';

export interface BlobStore {
  readonly kind: 'database' | 's3';
  /** Stores the bytes; in the database inside the caller's transaction. */
  put(handle: DbOrTx, key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(handle: DbOrTx, key: string): Promise<Buffer | null>;
  /** Removes the objects; missing ones are no error. */
  remove(handle: DbOrTx, keys: string[]): Promise<void>;
}

const databaseStore: BlobStore = {
  kind: 'database',
  async put(handle, key, data) {
    await handle.insert(attachmentBlobs).values({ key, data });
  },
  async get(handle, key) {
    const rows = (await handle.execute(sql`select data from ${attachmentBlobs} where key = ${key}`)) as unknown as {
      rows: { data: Uint8Array }[];
    };
    const found = rows.rows[0]?.data;
    return found ? Buffer.from(found.buffer, found.byteOffset, found.byteLength) : null;
  },
  async remove(handle, keys) {
    if (keys.length > 0) await handle.delete(attachmentBlobs).where(inArray(attachmentBlobs.key, keys));
  },
};

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** An S3-compatible bucket, addressed path-style (`<endpoint>/<bucket>/<key>`), requests signed with SigV4. */
export function s3Store(config: S3Config): BlobStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  });
  const base = `${config.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(config.bucket)}/`;
  const url = (key: string) => base + key.split('/').map(encodeURIComponent).join('/');
  const fail = (what: string, status: number) => new Error(`S3 ${what} answered ${status}`);
  return {
    kind: 's3',
    async put(_handle, key, data, contentType) {
      const res = await client.fetch(url(key), { method: 'PUT', body: Buffer.from(data), headers: { 'content-type': contentType } });
      await res.body?.cancel();
      if (!res.ok) throw fail('PUT', res.status);
    },
    async get(_handle, key) {
      const res = await client.fetch(url(key), { method: 'GET' });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw fail('GET', res.status);
      }
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(_handle, keys) {
      for (const key of keys) {
        const res = await client.fetch(url(key), { method: 'DELETE' });
        await res.body?.cancel();
        if (!res.ok && res.status !== 404) throw fail('DELETE', res.status);
      }
    },
  };
}

let chosen: { store: BlobStore; source: string } | undefined;

/** The store for this process's configuration (chosen once per configuration). */
export function blobStore(): BlobStore {
  const e = env();
  const source = e.S3_ENDPOINT ? `${e.S3_ENDPOINT}|${e.S3_BUCKET}|${e.S3_ACCESS_KEY_ID}` : 'database';
  if (chosen?.source === source) return chosen.store;
  const store =
    e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? s3Store({
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        })
      : databaseStore;
  chosen = { store, source };
  return store;
}
