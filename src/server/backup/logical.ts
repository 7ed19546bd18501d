/**
 * The logical backup: every table of the schema, in foreign-key order, as JSON lines, read in one
 * REPEATABLE READ (snapshot) transaction, plus the migrations the database had. It goes through a
 * `Db` handle, so the same code dumps embedded PGlite (in-process, or over the wire protocol) and
 * PostgreSQL, and restores into either.
 *
 * The stream (gzip-compressed by the CLI) is text lines:
 *   #{"format":"chorus-backup",…}      the header: version, source driver, migrations, tables
 *   #{"table":"users","columns":[…]}   a table starts; the lines after it are its rows
 *   {"id":"…","email":"…",…}           one row, exactly as PostgreSQL's row_to_json wrote it
 *   #{"end":true,"tables":N,"rows":M}  the end; a file without it was cut short
 * Rows are never parsed in JavaScript: they go back through json_populate_recordset, so bigint,
 * float and timestamp values come back exactly as they were written.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbHandle, type Tx } from '@/server/db/client';

export const BACKUP_FORMAT = 'chorus-backup';
export const BACKUP_VERSION = 1;

export interface BackupMigration {
  hash: string;
  createdAt: number;
}

export interface BackupTable {
  name: string;
  columns: string[];
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  driver: string;
  migrations: BackupMigration[];
  tables: BackupTable[];
}

export interface BackupSummary {
  tables: number;
  rows: number;
  /** Rows per table, in the order they were written. */
  perTable: Record<string, number>;
}

type Executor = Pick<Tx, 'execute'>;

const FETCH_ROWS = 2000;
/**
 * Tables whose rows may be megabytes (uploaded images' bytes, up to 5 MiB each, 10 MiB as JSON
 * hex): read a few at a time, so a backup's memory stays bounded.
 */
const LARGE_ROW_TABLES: Record<string, number> = { attachment_blobs: 4 };

/**
 * A table whose comment starts with this holds derived data that triggers keep from other tables
 * (e.g. `triage_counts`): it is not backed up, and a restore rebuilds it as it loads the rest.
 */
const DERIVED_TABLE_MARK = 'chorus:derived';
const derivedSql = sql`coalesce(obj_description(c.oid, 'pg_class'), '') like ${DERIVED_TABLE_MARK + '%'}`;

/**
 * The tables of the public schema and their stored columns (generated columns are recomputed),
 * derived tables left out.
 */
export async function listTables(db: Executor): Promise<BackupTable[]> {
  const columns = await queryRows<{ table: string; column: string }>(
    sql`select c.relname as "table", a.attname as "column"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
          and not ${derivedSql}
        order by c.relname, a.attnum`,
    db,
  );
  const edges = await queryRows<{ child: string; parent: string }>(
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
    db,
  );
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  return dependencyOrder([...byTable.keys()], edges).map((name) => ({ name, columns: byTable.get(name)! }));
}

/** The derived tables (DERIVED_TABLE_MARK): emptied by a restore, then filled by its triggers. */
export async function listDerivedTables(db: Executor): Promise<string[]> {
  const found = await queryRows<{ name: string }>(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and ${derivedSql} order by c.relname`,
    db,
  );
  return found.map((t) => t.name);
}

/** Parents before children; ties by name, so the order is stable. A self-reference is ignored. */
export function dependencyOrder(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  const done = new Set<string>();
  const order: string[] = [];
  while (order.length < tables.length) {
    const ready = [...tables].sort().filter((t) => !done.has(t) && [...parents.get(t)!].every((p) => done.has(p)));
    if (ready.length === 0)
      throw new Error(`The foreign keys between these tables form a cycle: ${tables.filter((t) => !done.has(t)).join(', ')}`);
    for (const t of ready) {
      done.add(t);
      order.push(t);
    }
  }
  return order;
}

/** The migrations recorded in the database, oldest first (drizzle's own table). */
export async function appliedMigrations(db: Executor): Promise<BackupMigration[]> {
  const exists = await queryRows<{ t: string | null }>(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`, db);
  if (!exists[0]?.t) return [];
  const found = await queryRows<{ hash: string; created_at: string | number }>(
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`,
    db,
  );
  return found.map((m) => ({ hash: m.hash, createdAt: Number(m.created_at) }));
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const columnList = (columns: string[]) => sql.raw(columns.map(quoteIdent).join(', '));

/**
 * Writes the whole database to `write`, line by line, from one snapshot: the rows of every table
 * are those of one moment, even while the server keeps writing.
 */
export async function dumpLogical(database: Db, write: (line: string) => Promise<void> | void): Promise<BackupSummary> {
  return database.transaction(
    async (tx) => {
      const tables = await listTables(tx);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        driver: (await queryRows<{ v: string }>(sql`select version() as v`, tx))[0]!.v,
        migrations: await appliedMigrations(tx),
        tables,
      };
      await write(`#${JSON.stringify(header)}`);
      const perTable: Record<string, number> = {};
      let total = 0;
      for (const table of tables) {
        await write(`#${JSON.stringify({ table: table.name, columns: table.columns })}`);
        const name = sql.raw(quoteIdent(table.name));
        await tx.execute(
          sql`declare chorus_backup no scroll cursor for select row_to_json(x)::text as j from (select ${columnList(table.columns)} from ${name}) x`,
        );
        let count = 0;
        const fetchRows = LARGE_ROW_TABLES[table.name] ?? FETCH_ROWS;
        for (;;) {
          const batch = await queryRows<{ j: string }>(sql.raw(`fetch forward ${fetchRows} from chorus_backup`), tx);
          // Newlines in JSON text can only be whitespace between tokens (inside strings they are escaped).
          for (const { j } of batch) await write(j.replace(/[\r\n]+/g, ' '));
          count += batch.length;
          if (batch.length < fetchRows) break;
        }
        await tx.execute(sql`close chorus_backup`);
        perTable[table.name] = count;
        total += count;
      }
      await write(`#${JSON.stringify({ end: true, tables: tables.length, rows: total })}`);
      return { tables: tables.length, rows: total, perTable };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export class BackupFormatError extends Error {}

/** Reads and checks the header line of a logical backup. */
export function parseHeader(line: string | undefined): BackupHeader {
  let header: Partial<BackupHeader> | undefined;
  try {
    header = line?.startsWith('#') ? (JSON.parse(line.slice(1)) as Partial<BackupHeader>) : undefined;
  } catch {
    header = undefined;
  }
  if (header?.format !== BACKUP_FORMAT) throw new BackupFormatError('This is not a Chorus backup file.');
  if (header.version !== BACKUP_VERSION)
    throw new BackupFormatError(`This backup has format version ${header.version}; this Chorus reads version ${BACKUP_VERSION}.`);
  return header as BackupHeader;
}

/** Whether the database has no table, view or sequence of its own: a restore goes only there. */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const found = await queryRows<{ n: number }>(
    sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_%'`,
    db,
  );
  return Number(found[0]!.n) === 0;
}

const INSERT_ROWS = 1000;
const INSERT_CHARS = 4 * 1024 * 1024;

/**
 * Loads the rows of a logical backup (the lines after its header) into a migrated database, in
 * one transaction: the rows the migrations inserted (default statuses, labels, the settings row)
 * are replaced by the backup's, and every identity sequence continues after the restored rows.
 * The schema must match the backup's: see restore.ts, which migrates to the backup's version first.
 */
export async function loadLogical(handle: DbHandle, header: BackupHeader, lines: AsyncIterable<string>): Promise<BackupSummary> {
  return handle.db.transaction(async (tx) => {
    const present = await listTables(tx);
    const presentNames = new Set(present.map((t) => t.name));
    const missing = header.tables.filter((t) => !presentNames.has(t.name)).map((t) => t.name);
    if (missing.length > 0)
      throw new BackupFormatError(`The database has no table ${missing.join(', ')}: the schema does not match the backup.`);
    const emptied = [...present.map((t) => t.name), ...(await listDerivedTables(tx))];
    await tx.execute(sql.raw(`truncate ${emptied.map(quoteIdent).join(', ')}`));

    const perTable: Record<string, number> = {};
    let total = 0;
    let current: BackupTable | undefined;
    let pending: string[] = [];
    let pendingChars = 0;
    let ended = false;

    const flush = async () => {
      if (!current || pending.length === 0) return;
      const name = sql.raw(quoteIdent(current.name));
      const cols = columnList(current.columns);
      const json = `[${pending.join(',')}]`;
      await tx.execute(sql`insert into ${name} (${cols}) overriding system value
        select ${cols} from json_populate_recordset(null::${name}, ${json}::json)`);
      perTable[current.name] = (perTable[current.name] ?? 0) + pending.length;
      total += pending.length;
      pending = [];
      pendingChars = 0;
    };

    for await (const line of lines) {
      if (line === '') continue;
      if (ended) throw new BackupFormatError('The backup has data after its end marker.');
      if (line.startsWith('#')) {
        await flush();
        const record = JSON.parse(line.slice(1)) as { table?: string; columns?: string[]; end?: boolean; rows?: number };
        if (record.end) {
          if (record.rows !== total) throw new BackupFormatError(`The backup announces ${record.rows} rows but holds ${total}.`);
          ended = true;
          continue;
        }
        const declared = header.tables.find((t) => t.name === record.table);
        if (!declared || !record.columns) throw new BackupFormatError(`Unexpected table ${record.table} in the backup.`);
        current = { name: declared.name, columns: record.columns };
        perTable[current.name] = 0;
        continue;
      }
      if (!current) throw new BackupFormatError('The backup has a row before any table.');
      pending.push(line);
      pendingChars += line.length;
      if (pending.length >= INSERT_ROWS || pendingChars >= INSERT_CHARS) await flush();
    }
    if (!ended) throw new BackupFormatError('The backup file is incomplete (no end marker): it was cut short.');

    await resetSequences(tx);
    return { tables: Object.keys(perTable).length, rows: total, perTable };
  });
}

/** Every identity or serial column's sequence continues after the largest value present. */
async function resetSequences(tx: Executor): Promise<void> {
  const owned = await queryRows<{ table: string; column: string }>(
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')`,
    tx,
  );
  for (const { table, column } of owned) {
    const qualified = `public.${quoteIdent(table)}`;
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${qualified}, ${column}),
        coalesce((select max(${sql.raw(quoteIdent(column))}) from ${sql.raw(qualified)}), 0) + 1, false)`,
    );
  }
}
