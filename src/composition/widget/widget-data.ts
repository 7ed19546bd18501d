/** What the widget's panel receives and keeps: small shapes of posts, boards and changelog entries. */
import type { PostSummary } from '@/features/posts/schema';
import type { AccentPalette } from '@/lib/accent';
import type { BoardPosting } from '@/features/boards/enums';

export const WIDGET_POST_COUNT = 20;
export const WIDGET_ENTRY_COUNT = 10;

export interface WidgetPost {
  number: number;
  slug: string;
  title: string;
  board: string;
  voteCount: number;
  voted: boolean;
  status: { name: string; color: string } | null;
  /** Voting is open (SPEC.md §4): not done or closed. */
  votable: boolean;
}

export interface WidgetEntry {
  slug: string;
  title: string;
  excerpt: string;
  label: string;
  publishedAt: string;
}

export interface WidgetBoard {
  slug: string;
  name: string;
  posting: BoardPosting;
}

export interface WidgetPageProps extends Record<string, unknown> {
  /** The embedding page's origin, when it is an allowed one; null: the panel talks to nobody. */
  hostOrigin: string | null;
  /** The board's public URL, for links that open it in a new tab. */
  boardUrl: string;
  /** Whether this request may read the workspace (a sign-in-required workspace: not before identify). */
  canRead: boolean;
  /** The board the host chose (`data-board`), when it is one this reader sees. */
  board: string | null;
  boards: WidgetBoard[];
  posts: WidgetPost[];
  entries: WidgetEntry[];
  palette: AccentPalette;
}

export function toWidgetPost(p: PostSummary): WidgetPost {
  return {
    number: p.number,
    slug: p.slug,
    title: p.title,
    board: p.board.slug,
    voteCount: p.voteCount,
    voted: p.voted,
    status: p.status ? { name: p.status.name, color: p.status.color } : null,
    votable: !p.status || !['done', 'closed'].includes(p.status.category),
  };
}

/** Without a last visit, entries of the last 30 days count as new. */
const FIRST_VISIT_WINDOW_MS = 30 * 24 * 3600 * 1000;

/** Whether an entry is new to someone who last looked at "What's new" at `seenAt` (an ISO time, or null: never). */
export function isNewEntry(entry: Pick<WidgetEntry, 'publishedAt'>, seenAt: string | null, now = Date.now()): boolean {
  const published = Date.parse(entry.publishedAt);
  if (seenAt === null) return now - published <= FIRST_VISIT_WINDOW_MS;
  const seen = Date.parse(seenAt);
  return Number.isNaN(seen) || published > seen;
}
