/**
 * The ids readers see on live events. A signal's row id in `live_events` is one counter for the
 * whole workspace: sent as it is, the gap between two events a visitor receives would count the
 * activity they may not see (private boards, internal notes, pending posts). So the id is
 * encrypted: one AES block holding the row id and eight zero bytes, under a key the workspace
 * generates once (`signing_keys`, the same on every instance). The same signal has the same id on
 * every stream and instance, a reconnect's `Last-Event-ID` decrypts back to the place to resume
 * from, and an id that was not made here (the zeros do not come back) is no place at all.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { signingKeys } from '@/server/db/schema';

const PURPOSE = 'live-event-ids';
const CIPHER = 'aes-128-ecb';

export interface LiveEventIds {
  encode(id: number): string;
  /** The row id an event id stands for; undefined for anything this workspace did not send. */
  decode(text: string): number | undefined;
}

function codec(key: Buffer): LiveEventIds {
  const run = (make: typeof createCipheriv | typeof createDecipheriv, block: Buffer) => {
    const c = make(CIPHER, key, null).setAutoPadding(false);
    return Buffer.concat([c.update(block), c.final()]);
  };
  return {
    encode(id) {
      const block = Buffer.alloc(16);
      block.writeBigUInt64BE(BigInt(id));
      return run(createCipheriv, block).toString('base64url');
    },
    decode(text) {
      const block = Buffer.from(text, 'base64url');
      if (block.length !== 16 || block.toString('base64url') !== text) return undefined;
      const plain = run(createDecipheriv, block);
      if (plain.readBigUInt64BE(8) !== 0n) return undefined;
      const id = plain.readBigUInt64BE(0);
      return id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : undefined;
    },
  };
}

let loaded: Promise<LiveEventIds> | undefined;

/** The workspace's codec, its key created on first use and then kept by this process. */
export function liveEventIds(): Promise<LiveEventIds> {
  loaded ??= (async () => {
    await db()
      .insert(signingKeys)
      .values({ purpose: PURPOSE, secret: randomBytes(16).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db().select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.purpose, PURPOSE));
    return codec(Buffer.from(row!.secret, 'base64url'));
  })().catch((err: unknown) => {
    loaded = undefined;
    throw err;
  });
  return loaded;
}
