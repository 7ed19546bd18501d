/**
 * Backup and restore round trips: every table's rows, compared as PostgreSQL prints them, come
 * back identical, on the lane's driver (PGlite, or PostgreSQL with CHORUS_TEST_DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@/composition/demo/seed';
import { db, type DbHandle } from '@/server/db/client';
import { connectDatabase } from '@/server/db/open';
import { useTestDatabase, testServerUrl } from '@/test/db';
import { createScratchDatabase, type ScratchDatabase } from '@/test/postgres';
import { openLogicalBackup, writeLogicalBackup } from './files';
import { BackupFormatError, dependencyOrder, dumpLogical, listTables } from './logical';
import { pgDump, pgRestore } from './pg-tools';
import { NotEmptyError, restoreLogical } from './restore';

const database = useTestDatabase();
const dir = mkdtempSync(path.join(tmpdir(), 'chorus-backup-test-'));
const scratches: ScratchDatabase[] = [];
const handles: DbHandle[] = [];

afterAll(async () => {
  for (const h of handles) await h.close();
  for (const s of scratches) await s.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** A new, empty (unmigrated) database of the lane's driver. */
async function emptyTarget(): Promise<DbHandle & { url?: string }> {
  const server = testServerUrl();
  if (server) {
    const scratch = await createScratchDatabase(server);
    scratches.push(scratch);
    const handle = await connectDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    handles.push(handle);
    return Object.assign(handle, { url: scratch.url });
  }
  const handle = await connectDatabase({});
  handles.push(handle);
  return handle;
}

/** Every table's rows as PostgreSQL prints them (generated columns included), sorted. */
async function snapshot(handle: Pick<DbHandle, 'db'>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of await listTables(handle.db)) {
    const result = (await handle.db.execute(sql.raw(`select row_to_json(t)::text as j from "${t.name}" t`))) as unknown as {
      rows: { j: string }[];
    };
    out[t.name] = result.rows.map((r) => r.j).sort();
  }
  return out;
}

/** The triage list's kept counts (a derived table), summed per key. */
async function derivedCounts(handle: Pick<DbHandle, 'db'>): Promise<string[]> {
  const result = (await handle.db.execute(
    sql.raw(`select row_to_json(t)::text as j from (select tag_id, board_id, status_id, approval, responded, owner_id,
      sum(posts)::int as n from triage_counts group by 1, 2, 3, 4, 5, 6 having sum(posts) <> 0) t`),
  )) as unknown as { rows: { j: string }[] };
  return result.rows.map((r) => r.j).sort();
}

const linesOf = (all: string[]) => ({
  async *[Symbol.asyncIterator]() {
    yield* all;
  },
});

beforeAll(async () => {
  await seedDemo(db(), { posts: 40, members: 8, seed: 'backup', now: new Date('2026-03-01T12:00:00Z') });
  // Values that a careless dump would change: arrays, nested JSON, quotes, newlines, emoji,
  // microsecond timestamps, floats with many digits, and bigint identities.
  await db().execute(sql`update workspace_settings set allowed_domains = array['example.com', 'b"q.example'],
    analytics = ${JSON.stringify({ nested: { list: [1, 2.5, 'x\ny'], flag: true }, emoji: '🎉' })}::jsonb`);
  await db().execute(sql`update posts set body = ${'line one\nline "two"\r\n\ttab \\ backslash ✓'},
    trending_score = 0.1234567890123456789, created_at = '2026-02-03 04:05:06.789012+00'
    where number = (select min(number) from posts)`);
  await db().execute(sql`insert into audit_events (action, before, after) values ('test.event', '{"a":[null,{"b":"c"}]}', 'null'::jsonb)`);
  // A customer's company (identify tokens) with a revenue beyond 32 bits, and a member who belongs to it.
  await db().execute(sql`insert into companies (external_id, name, monthly_revenue_cents) values ('acme', 'Acme "Inc."', 12345678901)`);
  await db().execute(sql`update users set external_id = 'cust-1', company_id = (select id from companies)
    where id = (select id from users where role = 'member' order by email limit 1)`);
  // An uploaded image's bytes (every byte value, and more than one fetch batch of such rows) and its row.
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
  for (let i = 0; i < 6; i++) {
    await db().execute(sql`insert into attachment_blobs (key, data) values (${`attachments/test/${i}.png`}, ${bytes})`);
  }
  await db().execute(sql`insert into attachments (kind, filename, content_type, size, width, height, storage_key, web_key,
    web_content_type, web_size, web_width, web_height) values ('content', 'a.png', 'image/png', 70000, 10, 10,
    'attachments/test/0.png', 'attachments/test/1.png', 'image/webp', 70000, 10, 10)`);
});

describe('the logical backup', () => {
  it('orders tables so every parent comes before its children', () => {
    expect(
      dependencyOrder(
        ['votes', 'posts', 'users', 'boards'],
        [
          { child: 'votes', parent: 'posts' },
          { child: 'votes', parent: 'users' },
          { child: 'posts', parent: 'boards' },
          { child: 'posts', parent: 'users' },
        ],
      ),
    ).toEqual(['boards', 'users', 'posts', 'votes']);
    expect(() =>
      dependencyOrder(
        ['a', 'b'],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow(/cycle/);
  });

  it('round-trips every table row for row, through the gzip file, and sequences continue', async () => {
    const file = path.join(dir, 'roundtrip.chorus.gz');
    const summary = await writeLogicalBackup(db(), file);
    const before = await snapshot(database.handle);
    expect(summary.rows).toBe(Object.values(before).reduce((n, rows) => n + rows.length, 0));
    expect(summary.perTable.posts).toBe(40);
    expect(summary.perTable.votes).toBeGreaterThan(0);
    expect(summary.perTable.attachment_blobs).toBe(6);
    expect(summary.perTable.attachments).toBe(1);
    expect(summary.perTable.companies).toBe(1);

    const target = await emptyTarget();
    const opened = await openLogicalBackup(file);
    try {
      await restoreLogical(target, opened.header, opened.lines);
    } finally {
      opened.close();
    }
    const after = await snapshot(target);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
    // Derived tables are left out of the file and rebuilt by their triggers as the rows come back.
    expect(Object.keys(before)).not.toContain('triage_counts');
    expect(await derivedCounts(target)).toEqual(await derivedCounts(database.handle));
    expect(await derivedCounts(target)).not.toEqual([]);

    // Identity sequences continue after the restored rows.
    const next = (await target.db.execute(
      sql`insert into posts (board_id, title) select id, 'After restore' from boards limit 1 returning number`,
    )) as unknown as { rows: { number: number }[] };
    const max = (await db().execute(sql`select max(number)::int as n from posts`)) as unknown as { rows: { n: number }[] };
    expect(next.rows[0]!.number).toBe(max.rows[0]!.n + 1);
  });

  it('refuses a database that is not empty, and changes nothing', async () => {
    const lines: string[] = [];
    await dumpLogical(db(), (l) => void lines.push(l));
    const before = await snapshot(database.handle);
    const { parseHeader } = await import('./logical');
    await expect(restoreLogical(database.handle, parseHeader(lines[0]), linesOf(lines.slice(1)))).rejects.toThrow(NotEmptyError);
    expect(await snapshot(database.handle)).toEqual(before);
  });

  it('refuses a file cut short, leaving no rows behind', async () => {
    const file = path.join(dir, 'cut.chorus.gz');
    await writeLogicalBackup(db(), file);
    const text = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    const cut = path.join(dir, 'cut-short.chorus.gz');
    await writeFile(cut, gzipSync(text.slice(0, Math.floor(text.length / 2)).join('\n')));
    const target = await emptyTarget();
    const opened = await openLogicalBackup(cut);
    try {
      await expect(restoreLogical(target, opened.header, opened.lines)).rejects.toThrow(BackupFormatError);
    } finally {
      opened.close();
    }
    const counts = await snapshot(target);
    expect(counts.posts).toEqual([]);
    expect(counts.votes).toEqual([]);
  });

  it('refuses a file that is not a Chorus backup', async () => {
    const file = path.join(dir, 'other.gz');
    await writeFile(file, gzipSync('{"hello":"world"}\n'));
    await expect(openLogicalBackup(file)).rejects.toThrow('This is not a Chorus backup file.');
  });
});

describe.runIf(testServerUrl())('on PostgreSQL', () => {
  it('reads one snapshot: a write committed during the dump is not in it', async () => {
    const writer = await connectDatabase({ databaseUrl: database.url!, poolSize: 1 });
    handles.push(writer);
    const before = await snapshot(database.handle);
    let wrote = false;
    const lines: string[] = [];
    await dumpLogical(db(), async (line) => {
      lines.push(line);
      if (!wrote && line.startsWith('#{"table"')) {
        wrote = true;
        await writer.db.execute(sql`insert into audit_events (action) values ('during.backup')`);
        await writer.db.execute(sql`update posts set title = 'Changed during the backup' where number = (select max(number) from posts)`);
      }
    });
    expect(wrote).toBe(true);
    const { parseHeader } = await import('./logical');
    const target = await emptyTarget();
    await restoreLogical(target, parseHeader(lines[0]), linesOf(lines.slice(1)));
    expect(await snapshot(target)).toEqual(before);
  });

  it('round-trips through pg_dump and pg_restore', async () => {
    const file = path.join(dir, 'pg.pgdump');
    await pgDump(database.url!, file);
    expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('PGDMP');
    const target = await emptyTarget();
    await pgRestore(target.url!, file);
    expect(await snapshot(target)).toEqual(await snapshot(database.handle));
    // pg_restore loads the derived rows as they were and creates the triggers after the data.
    expect(await derivedCounts(target)).toEqual(await derivedCounts(database.handle));
  });
});
