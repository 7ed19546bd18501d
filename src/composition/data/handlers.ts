/**
 * Moving in and out (admins): `GET /api/v1/admin/export` downloads the workspace as one JSON
 * file; `POST /api/v1/admin/import` takes such a file into an empty workspace, or the posts and
 * votes of a Canny or Fider CSV export. See docs/api.md, "Import and export".
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { canAdminister } from '@/core/identity/policy';
import { recordAudit } from '@/features/audit/server/service';
import { db, queryRows } from '@/server/db/client';
import { endpoint, json, route } from '@/server/http/route';
import { csvToWorkspace } from './csv-sources';
import { exportWorkspace } from './export';
import { IMPORT_SOURCES, importSummarySchema, workspaceExport } from './format';
import { importWorkspace, parseWorkspaceExport } from './import';

/** An import's request: a file of up to 25 MiB (the CSV text or the export document inside JSON). */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;

export const importInput = z
  .object({
    /** `chorus`: a workspace export in `file`; `canny` or `fider`: CSV text in `posts` (and `votes`). */
    source: z.enum(IMPORT_SOURCES),
    file: z.unknown().optional(),
    board: z.string().trim().min(1).max(64).optional(),
    posts: z.string().optional(),
    votes: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.source === 'chorus' && v.file === undefined) ctx.addIssue({ code: 'custom', path: ['file'], message: 'Choose the export file.' });
    if (v.source !== 'chorus' && !v.posts) ctx.addIssue({ code: 'custom', path: ['posts'], message: 'Choose the posts CSV file.' });
  });

export const exportRoute = route('/api/v1/admin/export', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    rateLimit: { name: 'export', limit: 10, windowSeconds: 3600 },
    summary: 'Export the workspace',
    description:
      'The whole workspace as one JSON file (chorus.workspace-export v1): settings, members without secrets, statuses, tags, boards, ' +
      'posts, votes, comments, status history, subscriptions and the changelog. POST /api/v1/admin/import takes it back. ' +
      'Each export is recorded in the audit log.',
    tags: ['Admin'],
    // The file is the import's own format: one schema for both.
    response: workspaceExport,
    handle: async ({ actor, ip }) => {
      const doc = await exportWorkspace(db());
      await recordAudit({
        actor: { id: actor.id, displayName: actor.displayName },
        action: 'data.exported',
        targetType: 'workspace',
        after: { members: doc.members.length, posts: doc.posts.length, votes: doc.votes.length, comments: doc.comments.length },
        ip,
      });
      const day = doc.exportedAt.slice(0, 10);
      return json(doc, 200, { 'content-disposition': `attachment; filename="chorus-workspace-${day}.json"` });
    },
  }),
});

export const importRoute = route('/api/v1/admin/import', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    body: importInput,
    maxBodyBytes: MAX_IMPORT_BYTES,
    rateLimit: { name: 'import', limit: 20, windowSeconds: 3600 },
    summary: 'Import a workspace export, or Canny / Fider CSV files',
    description:
      'Every row is checked before anything is written; a bad row refuses the whole import (422, `fields` names each row and why). ' +
      'A Chorus export goes only into a workspace without posts (409 otherwise). Answers what was taken in.',
    tags: ['Admin'],
    errors: ['CONFLICT', 'PAYLOAD_TOO_LARGE'],
    response: importSummarySchema,
    handle: async ({ actor, body, ip }) => {
      if (body.source === 'chorus') {
        const doc = parseWorkspaceExport(body.file);
        return json(await importWorkspace(actor, doc, { source: 'chorus', requireEmpty: true }, ip));
      }
      const boards = new Set((await queryRows<{ slug: string }>(sql`select slug from boards`)).map((b) => b.slug));
      const { doc, locate } = csvToWorkspace({ source: body.source, board: body.board, posts: body.posts ?? '', votes: body.votes }, boards);
      return json(await importWorkspace(actor, doc, { source: body.source, requireEmpty: false, locate, subscribeParticipants: true }, ip));
    },
  }),
});
