/** The panel's API calls: the widget's endpoints only, with its session as a bearer when it has one. */
import type { Board } from '@/features/boards/schema';
import type { PublishedEntryPage } from '@/features/changelog/schema';
import type { PostDetail, PostPage, SimilarPost } from '@/features/posts/schema';
import type { WidgetSession } from '@/features/widget/schema';
import type { VoteState } from '@/features/votes/schema';
import { api } from '@/lib/api';
import { toWidgetPost, WIDGET_ENTRY_COUNT, WIDGET_POST_COUNT, type WidgetBoard, type WidgetEntry, type WidgetPost } from '../widget-data';

const query = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return q.toString();
};

export const startSession = (token: string) => api<WidgetSession>('/api/v1/widget/session', { method: 'POST', body: { token } });

export async function fetchPosts(
  bearer: string | undefined,
  opts: { board?: string; q?: string; signal?: AbortSignal },
): Promise<WidgetPost[]> {
  const qs = query({ board: opts.board, q: opts.q, closed: 'hide', limit: String(WIDGET_POST_COUNT) });
  const page = await api<PostPage>(`/api/v1/posts?${qs}`, { bearer, signal: opts.signal });
  return page.items.map(toWidgetPost);
}

export async function fetchBoards(bearer: string | undefined): Promise<WidgetBoard[]> {
  const { items } = await api<{ items: Board[] }>('/api/v1/boards', { bearer });
  return items.filter((b) => !b.archived).map((b) => ({ slug: b.slug, name: b.name, posting: b.posting }));
}

export async function fetchEntries(bearer: string | undefined): Promise<WidgetEntry[]> {
  const page = await api<PublishedEntryPage>(`/api/v1/changelog?limit=${WIDGET_ENTRY_COUNT}`, { bearer });
  return page.items.map((e) => ({ slug: e.slug, title: e.title, excerpt: e.excerpt, label: e.label.name, publishedAt: e.publishedAt }));
}

export const setVote = (bearer: string | undefined, number: number, voted: boolean) =>
  api<VoteState>(`/api/v1/posts/${number}/vote`, { method: voted ? 'PUT' : 'DELETE', bearer, body: voted ? {} : undefined });

export async function fetchSimilar(bearer: string | undefined, title: string, board: string, signal: AbortSignal): Promise<SimilarPost[]> {
  const { items } = await api<{ items: SimilarPost[] }>(`/api/v1/posts/similar?${query({ title, board })}`, { bearer, signal });
  return items;
}

export const createPost = (bearer: string | undefined, input: { board: string; title: string; body: string }) =>
  api<PostDetail>('/api/v1/posts', { method: 'POST', bearer, body: input });
