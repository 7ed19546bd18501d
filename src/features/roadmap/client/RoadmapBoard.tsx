import Link from 'next/link';
import { useRouter } from 'next/router';
import { refreshPage } from '@/lib/refresh';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import { TagList } from '@/components/ui/Badges';
import { paths } from '@/config/paths';
import type { StatusCategory } from '@/features/statuses/enums';
import type { StatusRef } from '@/features/statuses/schema';
import { api, ApiError } from '@/lib/api';
import { ROADMAP_PAGE_SIZE, type DoneWindow } from '../enums';
import type { Roadmap, RoadmapCard, RoadmapColumn, RoadmapColumnPage } from '../schema';
import type { DndLayer, DragHandle } from './types';
import { useApiErrorText } from '@/lib/api-error-text';

export interface RoadmapFilterValues {
  board: string;
  tag: string;
  done: DoneWindow;
}

export interface RoadmapBoardProps {
  roadmap: Roadmap;
  filters: RoadmapFilterValues;
  /** The reader may move cards (the team): drag and drop and the "Move to…" control. */
  canMove: boolean;
  /** The card's vote control (or its vote count), drawn by the page. */
  renderVote: (card: RoadmapCard, status: StatusRef) => ReactNode;
}

const PlainBoard: DndLayer['DndBoard'] = ({ children }) => children;
const PlainColumn: DndLayer['DropColumn'] = ({ children }) => children;
const PlainCard: DndLayer['DraggableCard'] = ({ children }) => children(null);

function columnQuery(filters: RoadmapFilterValues, cursor: string) {
  const params = new URLSearchParams({ done: filters.done, cursor, limit: String(ROADMAP_PAGE_SIZE) });
  if (filters.board) params.set('board', filters.board);
  if (filters.tag) params.set('tag', filters.tag);
  return params.toString();
}

/**
 * The roadmap's columns, grouped by category. Each column loads more cards from the API with its
 * cursor. For the team, the drag-and-drop layer is imported after the page is shown, and each card
 * has a "Move to…" control; a move is the post's status change (POST /api/v1/posts/{n}/status,
 * which writes the history and the audit entry and tells subscribers), then the page's data is
 * reloaded so every column shows the server's truth.
 */
export function RoadmapBoard({ roadmap, filters, canMove, renderVote }: RoadmapBoardProps) {
  const t = useTranslations('portal');
  // The team's words: carried only on moderators' and admins' pages, used only when cards can move.
  const tTeam = useTranslations('portalTeam');
  const errorText = useApiErrorText();
  const router = useRouter();
  const [columns, setColumns] = useState<RoadmapColumn[]>(roadmap.columns);
  const [dnd, setDnd] = useState<DndLayer | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [moveError, setMoveError] = useState<string | null>(null);
  const [focusCard, setFocusCard] = useState<string | null>(null);
  const moving = useRef(false);

  // New page data (a filter, a reload after a move) replaces the columns, cards loaded since included.
  const [shown, setShown] = useState(roadmap);
  if (shown !== roadmap) {
    setShown(roadmap);
    setColumns(roadmap.columns);
  }
  useEffect(() => {
    if (!canMove) return;
    let live = true;
    void import('./RoadmapDnd').then(
      (m) => live && setDnd({ DndBoard: m.DndBoard, DropColumn: m.DropColumn, DraggableCard: m.DraggableCard }),
    );
    return () => {
      live = false;
    };
  }, [canMove]);

  const findCard = (id: string) => {
    for (const c of columns) {
      const card = c.items.find((i) => i.id === id);
      if (card) return { card, column: c };
    }
    return null;
  };

  async function move(cardId: string, toSlug: string) {
    const found = findCard(cardId);
    const target = columns.find((c) => c.status.slug === toSlug);
    if (!found || !target || found.column.status.slug === toSlug || moving.current) return;
    const { card, column: from } = found;
    moving.current = true;
    setMoveError(null);
    const before = columns;
    // Shown at once; the reload below puts it where the column's order says.
    setColumns((cols) =>
      cols.map((c) =>
        c.status.slug === from.status.slug
          ? { ...c, total: c.total - 1, items: c.items.filter((i) => i.id !== cardId) }
          : c.status.slug === toSlug
            ? { ...c, total: c.total + 1, items: [card, ...c.items] }
            : c,
      ),
    );
    setFocusCard(cardId);
    try {
      await api(`/api/v1/posts/${card.number}/status`, { method: 'POST', body: { statusId: target.status.id, note: '' } });
      setAnnouncement(tTeam('roadmap.moved', { title: card.title, status: target.status.name }));
      await refreshPage(router);
    } catch (err) {
      setColumns(before);
      setMoveError(
        tTeam('roadmap.notMoved', {
          title: card.title,
          reason: err instanceof ApiError ? errorText(err) : tTeam('roadmap.notMovedUnknown'),
        }),
      );
    } finally {
      moving.current = false;
    }
  }

  const Board = dnd?.DndBoard ?? PlainBoard;
  const groups = groupByCategory(columns);
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only" data-testid="roadmap-announcement">
        {announcement}
      </p>
      {moveError ? (
        <p role="alert" className="mb-4 rounded-md border border-danger px-3 py-2 text-sm text-danger" data-testid="move-error">
          {moveError}
        </p>
      ) : null}
      <Board
        onDrop={(cardId, slug) => void move(cardId, slug)}
        cardTitle={(id) => findCard(id)?.card.title ?? ''}
        columnName={(slug) => columns.find((c) => c.status.slug === slug)?.status.name ?? slug}
      >
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          {groups.map(({ category, columns: cols }) => (
            <section key={category} aria-labelledby={`roadmap-${category}`} className="min-w-0 lg:flex-1" data-testid={`group-${category}`}>
              <h2 id={`roadmap-${category}`} className="mb-3 text-lg font-semibold">
                {t(`roadmap.category.${category}`)}
              </h2>
              <div className="flex flex-col gap-4">
                {cols.map((column) => (
                  <ColumnView
                    key={column.status.id}
                    column={column}
                    filters={filters}
                    doneWindowDays={roadmap.doneWindowDays}
                    layer={dnd}
                    canMove={canMove}
                    targets={columns.map((c) => c.status)}
                    onMove={(cardId, slug) => void move(cardId, slug)}
                    onLoaded={(page) =>
                      setColumns((all) =>
                        all.map((c) =>
                          c.status.id === column.status.id
                            ? {
                                ...c,
                                items: [...c.items, ...page.items.filter((n) => !c.items.some((i) => i.id === n.id))],
                                nextCursor: page.nextCursor,
                              }
                            : c,
                        ),
                      )
                    }
                    focusCard={focusCard}
                    renderVote={renderVote}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      </Board>
    </>
  );
}

function groupByCategory(columns: RoadmapColumn[]) {
  const groups: { category: StatusCategory; columns: RoadmapColumn[] }[] = [];
  for (const c of columns) {
    const last = groups[groups.length - 1];
    if (last && last.category === c.status.category) last.columns.push(c);
    else groups.push({ category: c.status.category, columns: [c] });
  }
  return groups;
}

interface ColumnViewProps {
  column: RoadmapColumn;
  filters: RoadmapFilterValues;
  doneWindowDays: number;
  layer: DndLayer | null;
  canMove: boolean;
  targets: StatusRef[];
  onMove: (cardId: string, statusSlug: string) => void;
  onLoaded: (page: RoadmapColumnPage) => void;
  focusCard: string | null;
  renderVote: RoadmapBoardProps['renderVote'];
}

function ColumnView({
  column,
  filters,
  doneWindowDays,
  layer,
  canMove,
  targets,
  onMove,
  onLoaded,
  focusCard,
  renderVote,
}: ColumnViewProps) {
  const t = useTranslations('portal');
  const errorText = useApiErrorText();
  const headingId = useId();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const Drop = layer?.DropColumn ?? PlainColumn;
  const Card = layer?.DraggableCard ?? PlainCard;
  const { status, items, nextCursor, total, olderCount } = column;
  const isDone = status.category === 'done';
  const filtered = Boolean(filters.board || filters.tag);

  async function loadMore() {
    if (!nextCursor) return;
    setLoading(true);
    setError(null);
    try {
      onLoaded(await api<RoadmapColumnPage>(`/api/v1/roadmap/${encodeURIComponent(status.slug)}?${columnQuery(filters, nextCursor)}`));
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('roadmap.loadFailed'));
    } finally {
      setLoading(false);
    }
  }

  const olderLink =
    isDone && filters.done === 'recent' && olderCount > 0 ? (
      <Link href={paths.roadmap({ ...filters, done: 'all' })} className="text-sm underline" data-testid="show-older">
        {t('roadmap.showOlder', { count: olderCount })}
      </Link>
    ) : isDone && filters.done === 'all' ? (
      <Link href={paths.roadmap({ ...filters, done: 'recent' })} className="text-sm underline" data-testid="show-recent">
        {t('roadmap.showRecent', { days: doneWindowDays })}
      </Link>
    ) : null;

  return (
    <Drop statusSlug={status.slug}>
      <section
        aria-labelledby={headingId}
        className="rounded-xl border border-border bg-bg p-3"
        data-testid="roadmap-column"
        data-status={status.slug}
      >
        <h3 id={headingId} className="mb-1 flex items-center gap-2 text-base font-semibold">
          <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: status.color }} />
          <span dir="auto">{status.name}</span>
          <span className="text-sm font-normal text-muted" data-testid="column-total">
            {t('roadmap.cardCount', { count: total })}
          </span>
        </h3>
        {isDone ? (
          <p className="mb-2 text-xs text-muted">
            {filters.done === 'recent' ? t('roadmap.doneRecent', { days: doneWindowDays }) : t('roadmap.doneAll')}
          </p>
        ) : null}
        {items.length === 0 ? (
          <p className="px-1 py-4 text-sm text-muted" data-testid="column-empty">
            {isDone && filters.done === 'recent' && olderCount > 0
              ? t('roadmap.empty.noneRecent', { days: doneWindowDays })
              : filtered
                ? t('roadmap.empty.noMatch')
                : isDone
                  ? t('roadmap.empty.noneShipped')
                  : t('roadmap.empty.column')}
          </p>
        ) : (
          <ol className="flex flex-col gap-2" aria-labelledby={headingId}>
            {items.map((card) => (
              <li key={card.id}>
                <Card cardId={card.id} title={card.title}>
                  {(handle) => (
                    <CardView
                      card={card}
                      status={status}
                      handle={handle}
                      canMove={canMove}
                      targets={targets}
                      onMove={onMove}
                      focus={focusCard === card.id}
                      vote={renderVote(card, status)}
                    />
                  )}
                </Card>
              </li>
            ))}
          </ol>
        )}
        {nextCursor ? (
          <button
            type="button"
            onClick={() => void loadMore()}
            disabled={loading}
            aria-describedby={headingId}
            className="mt-2 w-full rounded-md border border-border bg-surface px-3 py-2 text-sm font-medium hover:bg-bg disabled:opacity-60"
            data-testid="load-more"
          >
            {loading ? t('roadmap.loading') : t('roadmap.loadMore', { count: total - items.length })}
          </button>
        ) : null}
        {error ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
        {olderLink ? <p className="mt-2">{olderLink}</p> : null}
      </section>
    </Drop>
  );
}

interface CardViewProps {
  card: RoadmapCard;
  status: StatusRef;
  handle: DragHandle;
  canMove: boolean;
  targets: StatusRef[];
  onMove: (cardId: string, statusSlug: string) => void;
  focus: boolean;
  vote: ReactNode;
}

function CardView({ card, status, handle, canMove, targets, onMove, focus, vote }: CardViewProps) {
  const titleRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focus) titleRef.current?.focus();
  }, [focus]);
  const t = useTranslations('portal');
  const format = useFormatter();
  const comments = t('roadmap.comments', { count: card.commentCount });
  // "Q3 2026" or "March 2026", in the page's language.
  const etaText = (value: string) => {
    const [year, part] = value.split('-') as [string, string];
    if (part.startsWith('Q')) return t('roadmap.etaQuarter', { quarter: part.slice(1), year });
    return format.dateTime(new Date(Date.UTC(Number(year), Number(part) - 1, 1)), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  };
  const eta = card.eta ? etaText(card.eta) : null;
  return (
    <article className="flex gap-2 rounded-lg border border-border bg-surface p-2.5" data-testid="roadmap-card" data-number={card.number}>
      {handle}
      {vote}
      <div className="min-w-0 flex-1">
        <h4 className="text-sm font-semibold break-words">
          <Link ref={titleRef} href={paths.post(card.number, card.slug)} className="hover:underline" data-testid="card-title" dir="auto">
            {card.title}
          </Link>
        </h4>
        <p className="mt-1 text-xs text-muted">
          <bdi>{card.board.name}</bdi>
          <span className="sr-only">{t('roadmap.listSeparator')}</span>
          <span aria-hidden="true">{' · '}</span>
          <span>{comments}</span>
          {eta ? (
            <>
              <span className="sr-only">{t('roadmap.listSeparator')}</span>
              <span aria-hidden="true">{' · '}</span>
              <span data-testid="card-eta">{t('roadmap.expected', { eta })}</span>
            </>
          ) : null}
        </p>
        {card.tags.length > 0 ? <TagList tags={card.tags} compact /> : null}
        {canMove ? <MoveTo card={card} current={status} targets={targets} onMove={onMove} /> : null}
      </div>
    </article>
  );
}

/** Moving without dragging: a button opens the list of the other columns; Escape closes it. */
function MoveTo({
  card,
  current,
  targets,
  onMove,
}: {
  card: RoadmapCard;
  current: StatusRef;
  targets: StatusRef[];
  onMove: (cardId: string, statusSlug: string) => void;
}) {
  const t = useTranslations('portalTeam');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (open) listRef.current?.querySelector('button')?.focus();
  }, [open]);
  const others = targets.filter((t) => t.id !== current.id);
  if (others.length === 0) return null;
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <div
      className="mt-2"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="rounded border border-border px-2 py-1 text-xs font-medium hover:bg-bg"
        data-testid="move-to"
      >
        {t('roadmap.moveTo')}
        <span className="sr-only"> {t('roadmap.moveToCard', { title: card.title })}</span>
      </button>
      {open ? (
        <ul ref={listRef} id={listId} aria-label={t('roadmap.moveTargets', { title: card.title })} className="mt-1 flex flex-wrap gap-1">
          {others.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onMove(card.id, t.slug);
                }}
                className="rounded border border-border bg-bg px-2 py-1 text-xs hover:border-accent"
                data-testid="move-target"
              >
                <bdi>{t.name}</bdi>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
