import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db';
import { DB_IN_TRANSACTION_MESSAGE, db, queryRows } from './client';

describe('db() inside a transaction', () => {
  useTestDatabase();

  it('fails at once instead of waiting for the connection the transaction holds', async () => {
    const attempt = db().transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await db().execute(sql`select 2`);
    });
    await expect(attempt).rejects.toThrow(DB_IN_TRANSACTION_MESSAGE);
  });

  it('also catches the raw-statement helper and calls made after an await inside the callback', async () => {
    const attempt = db().transaction(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await queryRows(sql`select 1 as one`);
    });
    await expect(attempt).rejects.toThrow(DB_IN_TRANSACTION_MESSAGE);
  });

  it('leaves the transaction handle, nested transactions and code after the commit alone', async () => {
    const inside = await db().transaction(async (tx) => {
      const nested = await tx.transaction(async (inner) => inner.execute(sql`select 3 as n`));
      return (nested as unknown as { rows: { n: number }[] }).rows[0]!.n;
    });
    expect(inside).toBe(3);
    const after = await queryRows<{ n: number }>(sql`select 4 as n`);
    expect(after[0]!.n).toBe(4);
  });
});
