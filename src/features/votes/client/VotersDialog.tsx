import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { api, ApiError } from '@/lib/api';
import { useFormats } from '@/lib/use-formats';
import type { Voter, VoterPage } from '../schema';
import { useApiErrorText } from '@/lib/api-error-text';

/** Voters per request (the API allows up to 100). */
export const VOTERS_DIALOG_PAGE_SIZE = 50;

export const votersPath = (postNumber: number) => `/api/v1/posts/${postNumber}/votes`;
/** The team's CSV download of every voter (moderators and admins). */
export const votersCsvPath = (postNumber: number) => `/api/v1/posts/${postNumber}/votes.csv`;

export interface VotersDialogProps {
  postNumber: number;
  /** The count the page shows; the server's replaces it once the first page arrives. */
  voteCount: number;
  /** A moderator or admin: sees who cast a vote on someone's behalf, and may download the list. */
  isTeam: boolean;
  /** Offer "Download CSV" (the route is for moderators and admins); defaults to `isTeam`. */
  canExport?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface ListState {
  items: Voter[];
  nextCursor: string | null;
  /** The first page has arrived. */
  loaded: boolean;
  loading: boolean;
  error: string | null;
  count: number;
  /** The first page failed and is being asked again: "Try again" stays where focus is. */
  retrying: boolean;
}

/** The state of a dialog just opened: the first page on its way. */
const freshList = (count: number): ListState => ({
  items: [],
  nextCursor: null,
  loaded: false,
  loading: true,
  error: null,
  count,
  retrying: false,
});

/**
 * Monthly revenue from cents, in the host product's currency units (which Chorus is not told):
 * `1,234` or `1,234.50`. A fixed locale, so the server's render and the browser's agree.
 */
export const formatMoney = (cents: number): string =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 });

/**
 * Everyone who voted for a post, newest first, in a modal dialog (Radix Dialog: focus kept
 * inside, Escape closes, focus returns to what opened it, the rest of the page hidden from
 * assistive technology). Pages load from GET /api/v1/posts/N/votes as asked; after "Load more",
 * focus moves to the first voter it added. The team also sees who cast a vote on someone's
 * behalf and each voter's company with its monthly revenue (from identify tokens), and gets the
 * CSV download. Not portalled, so it keeps the shell's font and theme.
 *
 * The list is read afresh each time the dialog opens.
 */
export function VotersDialog({ postNumber, voteCount, isTeam, canExport = isTeam, open, onOpenChange }: VotersDialogProps) {
  const t = useTranslations('post');
  // The team's words (the CSV download, who cast a vote, revenue): used only when isTeam.
  const tTeam = useTranslations('postTeam');
  const errorText = useApiErrorText();
  const formats = useFormats();
  const [state, setState] = useState<ListState>(() => freshList(voteCount));
  // Each opening starts from the newest voters (reset while rendering, before the effect fetches).
  const [openedState, setOpenedState] = useState(open);
  if (open !== openedState) {
    setOpenedState(open);
    if (open) setState(freshList(voteCount));
  }
  const request = useRef<AbortController | null>(null);
  const focusIndex = useRef<number | null>(null);
  const itemRefs = useRef(new Map<number, HTMLLIElement>());
  const titleRef = useRef<HTMLHeadingElement>(null);
  /** What had focus when the dialog opened: focus goes back there when it closes. */
  const opener = useRef<HTMLElement | null>(null);

  const load = useCallback(
    (cursor: string | null, from: number) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      const query = new URLSearchParams({ limit: String(VOTERS_DIALOG_PAGE_SIZE) });
      if (cursor) query.set('cursor', cursor);
      api<VoterPage>(`${votersPath(postNumber)}?${query}`, { signal: controller.signal }).then(
        (page) => {
          if (controller.signal.aborted) return;
          // After "Load more", the first voter it added takes focus (set once React has drawn it).
          focusIndex.current = cursor && page.items.length > 0 ? from : null;
          setState((s) => ({
            items: cursor ? [...s.items, ...page.items] : page.items,
            nextCursor: page.nextCursor,
            loaded: true,
            loading: false,
            error: null,
            count: page.voteCount,
            retrying: false,
          }));
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          const message = err instanceof ApiError ? errorText(err) : t('votersDialog.failed');
          setState((s) => ({ ...s, loading: false, error: message }));
        },
      );
    },
    [postNumber, t, errorText],
  );

  // Opening fetches the first page; closing abandons a request in flight.
  useEffect(() => {
    if (!open) return;
    load(null, 0);
    return () => request.current?.abort();
  }, [open, load]);

  useLayoutEffect(() => {
    if (focusIndex.current === null) return;
    itemRefs.current.get(focusIndex.current)?.focus();
    focusIndex.current = null;
  }, [state.items]);

  const { items, nextCursor, loaded, loading, error, count, retrying } = state;
  const more = () => {
    if (loading) return;
    setState((s) => ({ ...s, loading: true, error: null }));
    load(nextCursor, items.length);
  };
  const retry = () => {
    if (loaded) return more();
    setState((s) => ({ ...s, loading: true, error: null, retrying: true }));
    load(null, 0);
  };
  const status = loading
    ? t(loaded ? 'votersDialog.loadingMore' : 'votersDialog.loading')
    : loaded && items.length > 0
      ? nextCursor
        ? t('votersDialog.showing', { shown: items.length, count })
        : t('votersDialog.showingAll', { count: items.length })
      : '';

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <Dialog.Content
        className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2
          -translate-y-1/2 flex-col overflow-y-auto rounded-xl border border-border bg-surface text-fg shadow-xl"
        data-testid="voters-dialog"
        // A long list: start at the title rather than at a control far down the dialog.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          titleRef.current?.focus();
        }}
        // Radix returns focus to its own Trigger only; this dialog is opened by whatever the page has.
        onCloseAutoFocus={(e) => {
          if (!opener.current?.isConnected) return;
          e.preventDefault();
          opener.current.focus();
          opener.current = null;
        }}
      >
        <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-border bg-surface px-5 py-4">
          <Dialog.Title ref={titleRef} tabIndex={-1} className="m-0 text-lg font-semibold" data-testid="voters-dialog-title">
            {t('votersDialog.title', { count: String(count) })}
          </Dialog.Title>
          <Dialog.Close asChild>
            <button
              type="button"
              className="-me-1 rounded-md px-2 py-1 text-sm text-muted hover:bg-bg hover:text-fg"
              data-testid="voters-dialog-close"
            >
              {t('votersDialog.close')}
            </button>
          </Dialog.Close>
        </div>

        <div className="flex flex-col gap-4 px-5 py-4">
          <Dialog.Description className="m-0 text-sm text-muted">{t('votersDialog.description')}</Dialog.Description>
          {canExport ? (
            <p className="m-0 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <a
                href={votersCsvPath(postNumber)}
                download
                className="inline-flex items-center rounded-md border border-border bg-surface px-3 py-1.5 font-medium text-fg hover:bg-bg"
                data-testid="voters-csv"
              >
                {tTeam('voters.downloadCsv')}
              </a>
              <span className="text-xs text-muted">{tTeam('voters.csvHint')}</span>
            </p>
          ) : null}

          {loaded && items.length === 0 ? (
            <p
              className="m-0 rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted"
              data-testid="voters-empty"
            >
              {t('voters.none')}
            </p>
          ) : null}

          {items.length > 0 ? (
            <ul className="m-0 flex list-none flex-col divide-y divide-border p-0" data-testid="voters-list">
              {items.map((v, i) => (
                <li
                  key={v.id ?? `gone-${i}`}
                  ref={(el) => {
                    if (el) itemRefs.current.set(i, el);
                    else itemRefs.current.delete(i);
                  }}
                  tabIndex={-1}
                  className="flex scroll-my-20 items-center gap-3 rounded-sm py-2"
                  data-testid="voter"
                >
                  <Avatar name={v.displayName} url={v.avatarUrl} size={32} />
                  <div className="min-w-0 flex-1">
                    <p className="m-0 text-sm font-medium [overflow-wrap:anywhere]" data-testid="voter-name" dir="auto">
                      {v.displayName}
                    </p>
                    <p className="m-0 text-xs text-muted [overflow-wrap:anywhere]">
                      {t.rich('votersDialog.voted', {
                        date: formats.date(v.votedAt),
                        time: (chunks) => (
                          <time dateTime={v.votedAt} title={formats.dateTime(v.votedAt)}>
                            {chunks}
                          </time>
                        ),
                      })}
                      {isTeam && v.castBy ? <span data-testid="voter-cast-by">{tTeam('voters.castBy', { name: v.castBy })}</span> : null}
                    </p>
                    {isTeam && v.company ? (
                      <p className="m-0 text-xs text-muted [overflow-wrap:anywhere]" data-testid="voter-company">
                        <bdi>{v.company.name}</bdi>
                        {v.company.monthlyRevenueCents !== null
                          ? tTeam('voters.mrr', { amount: formatMoney(v.company.monthlyRevenueCents) })
                          : null}
                      </p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : null}

          {/* Always present (a live region that appears with its text is often not read). */}
          <p role="status" className={status ? 'm-0 text-sm text-muted' : 'sr-only'} data-testid="voters-status">
            {status}
          </p>

          {error ? (
            <Alert tone="error" testId="voters-error">
              {t(loaded ? 'votersDialog.failedMore' : 'votersDialog.failedFirst', { error })}
            </Alert>
          ) : null}

          {/* One button for "more" and "try again", never disabled, so focus stays on it while it works. */}
          {error || (loaded && nextCursor) || retrying ? (
            <Button
              variant="secondary"
              className="self-center"
              aria-disabled={loading || undefined}
              aria-busy={loading || undefined}
              onClick={error ? retry : more}
              data-testid="voters-more"
            >
              {t(error ? 'votersDialog.tryAgain' : loading ? 'votersDialog.loadingShort' : 'votersDialog.loadMore')}
            </Button>
          ) : null}
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** A button that opens the voters dialog: for a page that needs no other control of it. */
export function VotersDialogButton({
  label,
  className,
  ...props
}: Omit<VotersDialogProps, 'open' | 'onOpenChange'> & { label?: string; className?: string }) {
  const t = useTranslations('post');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="voters-open">
        {label ?? t('voters.seeAll')}
      </Button>
      <VotersDialog {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}
