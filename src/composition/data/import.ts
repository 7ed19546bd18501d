/**
 * Imports a workspace document (format.ts): a Chorus export into an empty workspace, or the posts
 * and votes read from a Canny or Fider CSV export (csv-sources.ts), section by section
 * (sections.ts). Everything is checked first; any bad row refuses the whole import with a report
 * (422 VALIDATION_FAILED, `fields` naming each row and its reason), and a good file is written in
 * one transaction: all of it or nothing.
 */
import { sql } from 'drizzle-orm';
import { refreshTrendingScores } from '@/features/posts/server/trending-service';
import { requestFullRefresh } from '@/features/insights/server/service';
import { recordAudit } from '@/features/audit/server/service';
import { db, queryRows } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import type { UserActor } from '@/server/identity/actor';
import { forgetWorkspace } from '@/server/workspace';
import { workspaceExport, type ImportSummary, type WorkspaceExport } from './format';
import { ImportReport, jsonLocate, type Locate } from './report';
import type { ImportContext, ImportOptions } from './section';
import { SECTIONS } from './sections';

/** At most this many rows (members, posts, votes, comments… together) per import. */
export const MAX_IMPORT_ROWS = 200_000;

/** Checks the shape of a Chorus export (zod), reporting each bad row by its place in the file. */
export function parseWorkspaceExport(input: unknown, locate: Locate = jsonLocate): WorkspaceExport {
  const result = workspaceExport.safeParse(input);
  if (result.success) return result.data;
  const report = new ImportReport();
  for (const issue of result.error.issues) {
    const [section, index, ...rest] = issue.path;
    const where =
      typeof section === 'string' && typeof index === 'number'
        ? `${locate(section, index)}${rest.length ? ` (${rest.join('.')})` : ''}`
        : issue.path.join('.') || 'file';
    report.add(where, issue.message);
  }
  report.throwIfAny();
  throw new Error('unreachable');
}

export async function importWorkspace(actor: UserActor, doc: WorkspaceExport, opts: ImportOptions, ip: string): Promise<ImportSummary> {
  const total = SECTIONS.reduce((n, s) => n + s.rows(doc), 0);
  if (total > MAX_IMPORT_ROWS) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file has ${total} rows; an import takes at most ${MAX_IMPORT_ROWS}.`, {
      reason: 'importTooLarge',
    });
  }

  const summary = await db().transaction(async (tx) => {
    if (opts.requireEmpty) {
      const [row] = await queryRows<{ n: number }>(sql`select count(*)::int as n from posts`, tx);
      if (Number(row?.n) > 0)
        throw new AppError('CONFLICT', 'This workspace already has posts: a workspace export goes only into an empty workspace.', {
          fields: { file: 'The workspace already has posts.' },
          reason: 'workspaceNotEmpty',
        });
    }
    const report = new ImportReport();
    for (const s of SECTIONS) await s.check?.(doc, { tx, locate: opts.locate ?? jsonLocate, report });
    report.throwIfAny();

    const ctx: ImportContext = {
      tx,
      opts,
      now: new Date().toISOString(),
      people: SECTIONS.flatMap((s) => s.people?.(doc) ?? []),
      ids: { statuses: new Map(), tags: new Map(), companies: new Map(), users: new Map(), boards: new Map(), posts: new Map() },
      created: { members: 0, boards: 0 },
    };
    for (const s of SECTIONS) await s.import(doc, ctx);

    // Counters from the rows, as the demo seed does, so they cannot disagree with them.
    const ids = JSON.stringify([...ctx.ids.posts.values()]);
    await tx.execute(sql`update posts p set
        vote_count = (select count(*) from votes v where v.post_id = p.id),
        comment_count = (select count(*) from comments c where c.post_id = p.id and c.deleted_at is null and not c.internal and c.approval = 'approved')
      where p.id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)`);
    await refreshTrendingScores(tx);
    await requestFullRefresh(tx);

    const result: ImportSummary = {
      source: opts.source,
      members: ctx.created.members,
      boards: ctx.created.boards,
      posts: doc.posts.length,
      votes: doc.votes.length,
      comments: doc.comments.length,
      statusChanges: doc.statusChanges.length,
      changelogEntries: doc.changelog.entries.length,
    };
    await recordAudit(
      { actor: { id: actor.id, displayName: actor.displayName }, action: 'data.imported', targetType: 'workspace', after: result, ip },
      tx,
    );
    return result;
  });
  forgetWorkspace();
  return summary;
}
