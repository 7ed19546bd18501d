/**
 * The team's triage list (GET /api/v1/triage, /admin/inbox): a keyset page of posts under the
 * filters, with every facet's live counts (triage-facet-queries.ts). The page and the counts are
 * read in parallel (on PostgreSQL on two connections; the embedded database runs them one after
 * the other).
 */
import { plainExcerpt } from '@/lib/markdown-tree';
import { db } from '@/server/db/client';
import type { Actor } from '@/server/identity/actor';
import { cursorCodec, isUuid, requireCursor } from '@/server/http/cursor';
import { AppError } from '@/server/http/errors';
import type { StatusCategory } from '@/features/statuses/schema';
import { postSlug } from '../schema';
import {
  TRIAGE_SHOWS,
  TRIAGE_SORTS,
  type TriagePage,
  type TriagePost,
  type TriageQuery,
  type TriageShow,
  type TriageSort,
} from '../triage-schema';
import { etaFromStored } from './properties-service';
import { countTriageFacets } from './triage-facet-queries';
import { listTriagePosts, type TriageFilters, type TriageRow } from './triage-list-queries';

interface TriageKey {
  sort: TriageSort;
  value: string;
  id: string;
}
const triageCursor = cursorCodec<TriageKey>(
  (k) => [k.sort, k.value, k.id],
  (parts) => {
    const [sort, value, id] = parts;
    if (parts.length !== 3 || typeof value !== 'string' || value.length > 64 || !isUuid(id)) return null;
    if (!(TRIAGE_SORTS as readonly unknown[]).includes(sort)) return null;
    // The value goes to the database as a typed parameter; a malformed one is refused here, not there.
    const ok =
      sort === 'newest' ? /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value) : Number.isFinite(Number(value)) && value.trim() !== '';
    return ok ? { sort: sort as TriageSort, value, id } : null;
  },
);

export function triageFiltersOf(actor: Actor, query: TriageQuery): TriageFilters {
  return {
    statuses: query.status ?? [],
    boards: query.board ?? [],
    tagIds: query.tag ?? [],
    show: query.show,
    owner: query.owner === 'me' ? (actor.kind === 'user' ? actor.id : 'none') : query.owner,
    q: query.q,
  };
}

function toTriagePost(r: TriageRow): TriagePost {
  return {
    id: r.id,
    number: r.number,
    slug: postSlug(r.title),
    title: r.title,
    excerpt: plainExcerpt(r.body_start, 160),
    board: { slug: r.board_slug, name: r.board_name },
    status: r.status ? { ...r.status, category: r.status.category as StatusCategory } : null,
    tags: r.tags,
    author: r.author_name === null ? null : { displayName: r.author_deleted ? 'Deleted user' : r.author_name },
    owner: r.owner_id && r.owner_name ? { id: r.owner_id, displayName: r.owner_name } : null,
    voteCount: r.vote_count,
    commentCount: r.comment_count,
    approval: r.approval,
    eta: etaFromStored(r.eta, r.eta_precision),
    impact: r.impact,
    effort: r.effort,
    priority: Number(r.priority),
    teamResponded: r.team_responded,
    createdAt: r.created_at,
  };
}

export async function getTriagePage(actor: Actor, query: TriageQuery): Promise<TriagePage> {
  const after = query.cursor ? requireCursor(triageCursor, query.cursor) : undefined;
  if (after && after.sort !== query.sort) {
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { 'query.cursor': 'This page link belongs to another sort.' } });
  }
  const filters = triageFiltersOf(actor, query);
  const [rows, counts] = await Promise.all([
    listTriagePosts(db(), actor, filters, query.sort, after, query.limit + 1),
    countTriageFacets(db(), actor, filters),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const show = Object.fromEntries(TRIAGE_SHOWS.map((s) => [s, 0])) as Record<TriageShow, number>;
  const facets: TriagePage['facets'] = { status: [], board: [], tag: [], show };
  for (const c of counts) {
    if (c.facet === 'show') show[c.key as TriageShow] = c.count;
    else facets[c.facet].push({ key: c.key, count: c.count });
  }
  return {
    items: page.map(toTriagePost),
    nextCursor: rows.length > query.limit && last ? triageCursor.encode({ sort: query.sort, value: last.sort_key, id: last.id }) : null,
    total: show[query.show],
    facets,
  };
}
