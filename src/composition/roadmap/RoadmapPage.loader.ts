import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { canModerate } from '@/core/identity/policy';
import { listBoards } from '@/features/boards/server/service';
import { ROADMAP_PAGE_SIZE, roadmapQuery } from '@/features/roadmap/schema';
import { getRoadmap, roadmapTags } from '@/features/roadmap/server/service';
import { keptFor } from '@/server/cache/visitor-cache';
import { AppError } from '@/server/http/errors';
import type { Actor } from '@/server/identity/actor';
import { notFound, withShell } from '@/server/page/with-shell';
import type { RoadmapPageProps } from './RoadmapPage';

const text = (v: string | string[] | undefined, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/**
 * `/roadmap`: every column's first cards with the filters of the URL (`board`, `tag`, `done`).
 * An unknown or hidden board is the 404 screen, as on the board page; a sign-in-required
 * workspace sends visitors to sign in (withShell). An unreadable `done` reads as the default.
 */
export const getServerSideProps = withShell<RoadmapPageProps>((ctx, { actor }) =>
  keptFor(actor, `roadmap:${ctx.resolvedUrl}`, () => loadRoadmapPage(ctx, actor)),
);

async function loadRoadmapPage(
  ctx: GetServerSidePropsContext,
  actor: Actor,
): Promise<GetServerSidePropsResult<RoadmapPageProps | typeof notFound>> {
  const board = text(ctx.query.board, 60);
  const tag = text(ctx.query.tag, 60);
  const done = text(ctx.query.done, 10) === 'all' ? 'all' : 'recent';
  const query = roadmapQuery.parse({ board: board || undefined, tag: tag || undefined, done, limit: ROADMAP_PAGE_SIZE });
  let roadmap;
  try {
    roadmap = await getRoadmap(actor, query);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return { props: notFound };
    throw err;
  }
  const boards = (await listBoards(actor)).map((b) => ({ slug: b.slug, name: b.name }));
  const tags = await roadmapTags(actor);
  return {
    props: {
      roadmap,
      filters: { board: query.board ?? '', tag: query.tag ?? '', done: query.done },
      options: { boards, tags },
      canMove: canModerate(actor) === 'allow',
    },
  };
}
