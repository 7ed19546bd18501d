/**
 * One section of the workspace export file (format.ts): how it is read for an export, checked
 * and written for an import. The list of sections (sections.ts) drives both directions, so a
 * new table that moves with a workspace is one more entry there.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '@/server/db/client';
import type { ImportSource, WorkspaceExport } from './format';
import type { ImportReport, Locate } from './report';

/** The file's parts that hold data (the rest is its header). */
export type SectionName = Exclude<keyof WorkspaceExport, 'format' | 'version' | 'exportedAt'>;

export interface ImportOptions {
  source: ImportSource;
  /** A Chorus export goes only into a workspace without posts, keeping its post numbers. */
  requireEmpty: boolean;
  locate?: Locate;
  /** CSV imports: subscribe authors and voters, as posting and voting do. */
  subscribeParticipants?: boolean;
}

/** What a section's check sees: the transaction (nothing written yet) and where to report a bad row. */
export interface CheckContext {
  tx: Tx;
  locate: Locate;
  report: ImportReport;
}

/** What a section's import sees: the ids of what the sections before it wrote, by natural key. */
export interface ImportContext {
  tx: Tx;
  opts: ImportOptions;
  /** The time of rows the file gives none. */
  now: string;
  /** Every email the file mentions (each section's `people`), for the members section to create. */
  people: readonly (string | null)[];
  ids: {
    statuses: Map<string, string>;
    tags: Map<string, string>;
    companies: Map<string, string>;
    users: Map<string, string>;
    boards: Map<string, string>;
    posts: Map<number, string>;
  };
  /** Rows the import created rather than found, for its summary. */
  created: { members: number; boards: number };
}

export interface Section<K extends SectionName = SectionName> {
  name: K;
  /** The tables whose rows it carries (the schema's other tables are listed in NOT_EXPORTED). */
  tables: readonly PgTable[];
  /** Reads the section, in the export's one read-only transaction. */
  export(tx: Tx): Promise<WorkspaceExport[K]>;
  /** How many rows it would write (an import takes MAX_IMPORT_ROWS at most). */
  rows(doc: WorkspaceExport): number;
  /** The emails of the people it refers to, who are created as members when missing. */
  people?(doc: WorkspaceExport): (string | null)[];
  /** Reports its bad rows before anything is written. */
  check?(doc: WorkspaceExport, ctx: CheckContext): Promise<void>;
  /** Writes it, after the sections before it in the list. */
  import(doc: WorkspaceExport, ctx: ImportContext): Promise<void>;
}

/** Keeps a section's name and value types tied together in the list. */
export const section = <K extends SectionName>(s: Section<K>): Section<K> => s;

export type Stamp = Date | string | null;
/**
 * A row as an export's query answers it: the columns named as the file names them (`as "createdAt"`),
 * the times (`Times`) still as the driver gives them, for iso() or isoOr().
 */
export type Raw<T, Times extends keyof T = never> = Omit<T, Times> & { [K in Times]: Stamp };
/** One element of a section that is a list. */
export type Item<K extends SectionName> = WorkspaceExport[K] extends readonly (infer T)[] ? T : never;
export const iso = (v: Stamp): string | null => (v === null ? null : new Date(v).toISOString());
export const isoOr = (v: Stamp): string => iso(v) ?? new Date(0).toISOString();
export const numberOrNull = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** Rows per statement of a bulk write or lookup. */
export const BATCH = 2000;

/** INSERT … SELECT FROM json_populate_recordset, in batches: one parameter per batch on both drivers. */
export async function insertRows(tx: Tx, table: string, columns: string[], rows: Record<string, unknown>[], suffix = sql``): Promise<void> {
  const cols = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const name = sql.raw(`"${table}"`);
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(rows.slice(i, i + BATCH));
    await tx.execute(sql`insert into ${name} (${cols}) overriding system value
      select ${cols} from json_populate_recordset(null::${name}, ${json}::json) ${suffix}`);
  }
}

/** A map natural key → id from a query answering `key, id`. */
export async function idsBy<K extends string | number = string>(tx: Tx, query: SQL): Promise<Map<K, string>> {
  return new Map((await queryRows<{ key: K; id: string }>(query, tx)).map((r) => [r.key, r.id]));
}

/** The keys a query answers (`key`), e.g. the slugs already in the workspace. */
export async function keysOf(tx: Tx, query: SQL): Promise<Set<string>> {
  return new Set((await queryRows<{ key: string }>(query, tx)).map((r) => r.key));
}

/** The user id of an email the members section wrote or found. */
export const userId = (ctx: ImportContext, email: string | null): string | null => (email ? (ctx.ids.users.get(email) ?? null) : null);

const postNumbers = new WeakMap<WorkspaceExport, Set<number>>();
/** The post numbers the file holds (what votes, comments… may refer to). */
export function filePostNumbers(doc: WorkspaceExport): Set<number> {
  let numbers = postNumbers.get(doc);
  if (!numbers) postNumbers.set(doc, (numbers = new Set(doc.posts.map((p) => p.number))));
  return numbers;
}

/** The status slugs a post may name: the workspace's and the file's. */
export async function knownStatuses(tx: Tx, doc: WorkspaceExport): Promise<Set<string>> {
  const slugs = await keysOf(tx, sql`select slug as key from statuses`);
  for (const s of doc.statuses) slugs.add(s.slug);
  return slugs;
}

/** Reports each row of a section that names a post the file lacks. */
export function checkPostRefs(doc: WorkspaceExport, name: 'votes' | 'comments' | 'statusChanges' | 'subscriptions', { locate, report }: CheckContext) {
  const numbers = filePostNumbers(doc);
  doc[name].forEach((r, i) => {
    if (!numbers.has(r.post)) report.add(locate(name, i), `unknown post ${r.post}`);
  });
}

