import dynamic from 'next/dynamic';
import Head from 'next/head';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import type { ShellProps } from '@/core/shell';
import type { SimilarPost } from '@/features/posts/schema';
import type { HostMessage, PanelView } from '@/features/widget/protocol-schema';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import * as client from './panel/client';
import { identifyFailedData, trapKeys, useHostMessages, useHostSend } from './panel/host-bridge';
import { RequestsView } from './panel/RequestsView';
import { WhatsNewView } from './panel/WhatsNewView';
import { isNewEntry, type WidgetPageProps, type WidgetPost } from './widget-data';
import { useApiErrorText } from '@/lib/api-error-text';
import { isolated } from '@/components/ui/bidi';

type Props = WidgetPageProps & ShellProps;

/**
 * The new-request form, with its validation schema (zod), loads when it is first opened: the
 * panel's first load stays within the board page's budget (bench/widget.ts).
 */
const NewRequestForm = dynamic(() => import('./panel/NewRequestForm').then((m) => m.NewRequestForm), {
  loading: () => <LoadingForm />,
});

function LoadingForm() {
  const t = useTranslations('widget');
  return <p role="status">{t('loadingForm')}</p>;
}

/**
 * The widget's panel (docs/widget.md), inside the host's iframe: requests (search, vote, post with
 * similar suggestions) and "What's new". Signed in by the host's identify token (a widget session
 * kept in memory), by the board's own cookie where the browser sends it, or not at all: then it
 * reads, and signing in opens the board in a new tab.
 */
export function WidgetPage(props: Props) {
  const t = useTranslations('widget');
  const errorText = useApiErrorText();
  const { hostOrigin, boardUrl, shell } = props;
  const workspace = shell.workspace;
  const [bearer, setBearer] = useState<string | undefined>();
  const [person, setPerson] = useState<string | null>(shell.viewer?.displayName ?? null);
  const [view, setView] = useState<PanelView>('requests');
  const [board, setBoard] = useState(props.board);
  const [boards, setBoards] = useState(props.boards);
  const [posts, setPosts] = useState(props.posts);
  const [entries, setEntries] = useState(props.entries);
  const [canRead, setCanRead] = useState(props.canRead);
  const [seenAt, setSeenAt] = useState<string | null | undefined>(undefined);
  // What counted as new when "What's new" was read in this visit: its entries stay marked until the panel reloads.
  const [markedSince, setMarkedSince] = useState<string | null | undefined>(undefined);
  const [open, setOpen] = useState(hostOrigin === null);
  const [focusKey, setFocusKey] = useState(0);
  const [notice, setNotice] = useState<{ text: string; tone: 'info' | 'problem'; link?: string } | null>(null);
  const [askSignIn, setAskSignIn] = useState(false);
  // Votes cast in the panel, by post number: they apply to the board's list and to search results alike.
  const [votes, setVotes] = useState<Record<number, { voted: boolean; voteCount: number }>>({});
  const root = useRef<HTMLDivElement>(null);
  const signedIn = person !== null;

  const send = useHostSend(hostOrigin);

  const close = useCallback(() => {
    setOpen(false);
    send({ type: 'close' });
  }, [send]);

  useEffect(() => {
    const { light, dark } = props.palette;
    const isDark = document.documentElement.classList.contains('dark');
    const colours = isDark ? dark : light;
    send({ type: 'ready', accent: colours.accent, accentFg: colours.fg, title: workspace.name });
    // Once, when the panel has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The unread count for the launcher's badge, once the host has said when "What's new" was last read.
  const unread = seenAt === undefined ? 0 : entries.filter((e) => isNewEntry(e, seenAt)).length;
  useEffect(() => {
    if (seenAt !== undefined) send({ type: 'unread', count: unread });
  }, [seenAt, unread, send]);

  // Reading "What's new" while the panel is open clears the badge: the host stores the newest entry's time.
  const markRead = (panelOpen: boolean) => {
    if (!panelOpen || entries.length === 0 || seenAt === undefined || unread === 0) return;
    const newest = entries[0]!.publishedAt;
    setMarkedSince((m) => (m === undefined ? seenAt : m));
    setSeenAt(newest);
    send({ type: 'seen', at: newest });
  };
  const showView = (v: PanelView, panelOpen = open) => {
    setView(v);
    if (v === 'whats-new') markRead(panelOpen);
  };

  const signInLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (askSignIn) signInLink.current?.focus();
  }, [askSignIn]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => trapKeys(e, root.current, close);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);

  const reload = useCallback(async (token: string | undefined, boardSlug: string | null) => {
    const [nextBoards, nextPosts, nextEntries] = await Promise.all([
      client.fetchBoards(token),
      client.fetchPosts(token, { board: boardSlug ?? undefined }),
      client.fetchEntries(token),
    ]);
    setBoards(nextBoards);
    setPosts(nextPosts);
    setVotes({});
    setEntries(nextEntries);
    setCanRead(true);
  }, []);

  async function identify(token: string) {
    try {
      const session = await client.startSession(token);
      setBearer(session.token);
      setPerson(session.user.displayName);
      setAskSignIn(false);
      send({ type: 'event', name: 'identified', data: { user: { displayName: session.user.displayName } } });
      await reload(session.token, board);
    } catch (err) {
      send({ type: 'event', name: 'identify.failed', data: identifyFailedData(err) });
      setNotice({ text: t('notices.identifyFailed'), tone: 'problem' });
    }
  }

  /** A widget session that has ended (expired, or the member was banned): the panel reads as a visitor again. */
  const sessionEnded = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 401 || !bearer) return false;
    setBearer(undefined);
    setPerson(null);
    setNotice({ text: t('notices.sessionEnded'), tone: 'problem' });
    send({ type: 'event', name: 'session.ended', data: {} });
    return true;
  };

  const changeBoard = (slug: string | null) => {
    setBoard(slug);
    void client.fetchPosts(bearer, { board: slug ?? undefined }).then(setPosts, () => undefined);
  };

  const vote = async (post: WidgetPost) => {
    setNotice(null);
    try {
      const state = await client.setVote(bearer, post.number, !post.voted);
      setVotes((v) => ({ ...v, [post.number]: state }));
      if (state.voted) send({ type: 'event', name: 'vote.created', data: { post: { number: post.number, title: post.title } } });
    } catch (err) {
      if (!sessionEnded(err)) setNotice({ text: errorText(err), tone: 'problem' });
    }
  };

  const voteSimilar = async (post: SimilarPost) => {
    try {
      const state = await client.setVote(bearer, post.number, true);
      setVotes((v) => ({ ...v, [post.number]: state }));
      send({ type: 'event', name: 'vote.created', data: { post: { number: post.number, title: post.title } } });
      return true;
    } catch (err) {
      if (!sessionEnded(err)) setNotice({ text: errorText(err), tone: 'problem' });
      return false;
    }
  };

  const create = async (input: { board: string; title: string; body: string }) => {
    try {
      const post = await client.createPost(bearer, input);
      const url = new URL(paths.post(post.number, post.slug), boardUrl).href;
      send({
        type: 'event',
        name: 'post.created',
        data: { post: { number: post.number, title: post.title, url, approval: post.approval } },
      });
      showView('requests');
      setNotice({
        text: post.approval === 'pending' ? t('notices.postedPending') : t('notices.posted'),
        tone: 'info',
        link: url,
      });
      await reload(bearer, board).catch(() => undefined);
    } catch (err) {
      if (sessionEnded(err)) showView('requests');
      else throw err;
    }
  };

  useHostMessages(hostOrigin, (msg: HostMessage) => {
    if (msg.type === 'init') setSeenAt(typeof msg.seenAt === 'string' ? msg.seenAt : null);
    else if (msg.type === 'identify' && typeof msg.token === 'string') void identify(msg.token);
    else if (msg.type === 'open') {
      if (typeof msg.board === 'string' && boards.some((b) => b.slug === msg.board)) changeBoard(msg.board);
      setOpen(true);
      showView(msg.view ?? view, true);
      setFocusKey((k) => k + 1);
    }
  });

  const tab = (v: PanelView, label: string) => (
    <button
      type="button"
      aria-pressed={view === v}
      onClick={() => showView(v)}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === v ? 'bg-accent text-accent-fg' : 'text-fg hover:bg-bg'}`}
      data-testid={`widget-tab-${v}`}
    >
      {label}
    </button>
  );

  const signInUrl = new URL(paths.login(board ? paths.board(board) : '/'), boardUrl).href;

  return (
    <div ref={root} className="flex min-h-dvh flex-col bg-bg text-fg">
      <Head>
        <title>{t('documentTitle', { workspace: workspace.name })}</title>
      </Head>
      <header className="flex items-center justify-between gap-2 border-b border-border bg-surface px-4 py-3">
        <h1 className="min-w-0 truncate text-base font-semibold" id="chorus-panel-title" dir="auto">
          {workspace.name}
        </h1>
        {hostOrigin ? (
          <button type="button" onClick={close} aria-label={t('close')} className="rounded-md px-2 py-1 text-lg leading-none hover:bg-bg">
            <span aria-hidden="true">{'×'}</span>
          </button>
        ) : null}
      </header>
      <nav aria-label={t('sections')} className="flex gap-2 border-b border-border px-4 py-2">
        {tab('requests', t('tabs.requests'))}
        {tab('whats-new', unread > 0 ? t('tabs.whatsNewUnread', { count: unread }) : t('tabs.whatsNew'))}
      </nav>
      <main className="flex flex-1 flex-col gap-3 overflow-y-auto px-4 py-3" aria-labelledby="chorus-panel-title">
        {signedIn ? (
          <p className="text-sm text-muted" data-testid="widget-person">
            {isolated((u) => t('signedInAs', { name: u(person) }))}
          </p>
        ) : (
          <div className={`rounded-lg border p-3 text-sm ${askSignIn ? 'border-accent' : 'border-border'}`} data-testid="widget-sign-in">
            <p>{canRead ? t('signIn.toVote') : t('signIn.toRead')}</p>
            <a
              ref={signInLink}
              href={signInUrl}
              target="_blank"
              rel="noopener"
              className="font-medium text-accent underline underline-offset-2"
            >
              {isolated((u) => t('signIn.link', { workspace: u(workspace.name) }))}
              <span className="sr-only">{t('newTab')}</span>
            </a>
          </div>
        )}
        <div aria-live="polite">
          {notice ? (
            <p
              className={`rounded-md border px-3 py-2 text-sm ${notice.tone === 'problem' ? 'border-danger text-danger' : 'border-border'}`}
              data-testid="widget-notice"
            >
              {notice.text}{' '}
              {notice.link ? (
                <a href={notice.link} target="_blank" rel="noopener" className="text-accent underline underline-offset-2">
                  {t('notices.seeIt')}
                  <span className="sr-only">{t('newTab')}</span>
                </a>
              ) : null}
            </p>
          ) : null}
        </div>
        {!canRead ? null : view === 'new' && signedIn ? (
          <NewRequestForm
            bearer={bearer}
            boards={boards}
            board={board}
            onCreate={create}
            onVoteSimilar={voteSimilar}
            onCancel={() => showView('requests')}
          />
        ) : view === 'whats-new' ? (
          <WhatsNewView entries={entries} newSince={markedSince === undefined ? (seenAt ?? null) : markedSince} boardUrl={boardUrl} />
        ) : (
          <RequestsView
            boardUrl={boardUrl}
            bearer={bearer}
            signedIn={signedIn}
            board={board}
            boards={boards}
            posts={posts}
            votes={votes}
            onBoard={changeBoard}
            onVote={(p) => void vote(p)}
            onNew={() => showView('new')}
            onSignInNeeded={() => setAskSignIn(true)}
            focusKey={focusKey}
          />
        )}
      </main>
    </div>
  );
}

/** Drawn without the board's header and footer: the host's page is around it. */
WidgetPage.bare = true;
