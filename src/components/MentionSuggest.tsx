import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslations } from 'use-intl';
import { activeMentionQuery, insertMention, type MentionSuggestion } from '@/core/mentions';
import { api, ApiError } from '@/lib/api';
import { useApiErrorText } from '@/lib/api-error-text';

/** Wait this long after the last keystroke before asking the server. */
const DEBOUNCE_MS = 200;

interface Props {
  /** The textarea being written in (the editor's own). */
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** The suggestion endpoint, without `q` (it may carry other parameters). */
  source: string;
}

type State =
  | { open: false }
  | { open: true; start: number; query: string; items: MentionSuggestion[]; loading: boolean; error: string | null; active: number };

/** Sets the textarea's text as typing would, so the form library sees the change. */
function setText(el: HTMLTextAreaElement, text: string, caret: number) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  setter?.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.setSelectionRange(caret, caret);
}

/**
 * Suggestions for `@name` while writing, on the editor's textarea: typing `@` and a letter lists
 * matching people below it; ↑/↓ move, Enter or Tab picks, Escape closes; a tap picks too. The
 * pick becomes a mention token (core/mentions.ts). The textarea keeps the focus throughout and
 * points at the highlighted option (aria-activedescendant); a polite status says how many
 * people were found. Loaded only for signed-in writers (the editor imports it on demand).
 */
export default function MentionSuggest({ textarea, source }: Props) {
  const t = useTranslations('ui');
  const errorText = useApiErrorText();
  // The effect below reads the current translators without re-subscribing to the textarea.
  const tRef = useRef(t);
  const errorTextRef = useRef(errorText);
  useEffect(() => {
    tRef.current = t;
    errorTextRef.current = errorText;
  }, [t, errorText]);
  const listId = useId();
  const [state, setState] = useState<State>({ open: false });
  const [announcement, setAnnouncement] = useState('');
  const stateRef = useRef(state);

  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  /** Set by the effect below: picks a person (options call it on a tap). */
  const pickRef = useRef<((person: MentionSuggestion) => void) | null>(null);

  useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let inflight: AbortController | null = null;
    /** Where an `@` was dismissed with Escape: not reopened until the caret leaves it. */
    let dismissed: number | null = null;

    const close = () => {
      if (timer) clearTimeout(timer);
      inflight?.abort();
      setState((s) => (s.open ? { open: false } : s));
    };

    const fetchFor = (start: number, query: string) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        inflight?.abort();
        const controller = new AbortController();
        inflight = controller;
        const url = `${source}${source.includes('?') ? '&' : '?'}q=${encodeURIComponent(query)}`;
        const current = (s: State) => s.open && s.start === start && s.query === query;
        api<{ items: MentionSuggestion[] }>(url, { signal: controller.signal })
          .then(({ items }) => {
            if (controller.signal.aborted) return;
            setState((s) => (current(s) ? { ...s, items, loading: false, error: null, active: 0 } : s));
            setAnnouncement(tRef.current('mentions.found', { count: items.length }));
          })
          .catch((err: unknown) => {
            if (controller.signal.aborted) return;
            const message = err instanceof ApiError ? errorTextRef.current(err) : tRef.current('mentions.failed');
            setState((s) => (current(s) ? { ...s, items: [], loading: false, error: message } : s));
            setAnnouncement(message);
          });
      }, DEBOUNCE_MS);
    };

    /** Reads the mention being typed at the caret and opens, updates or closes the list. */
    const update = () => {
      if (document.activeElement !== el || el.selectionStart !== el.selectionEnd) return close();
      const typed = activeMentionQuery(el.value, el.selectionStart);
      if (!typed || dismissed === typed.start) {
        if (!typed) dismissed = null;
        return close();
      }
      const s = stateRef.current;
      if (s.open && s.start === typed.start && s.query === typed.query) return;
      setState({ open: true, start: typed.start, query: typed.query, items: s.open ? s.items : [], loading: true, error: null, active: 0 });
      fetchFor(typed.start, typed.query);
    };

    const pick = (person: MentionSuggestion) => {
      const s = stateRef.current;
      if (!s.open) return;
      const next = insertMention(el.value, s.start, el.selectionStart, person);
      close();
      setText(el, next.text, next.caret);
      el.focus();
      setAnnouncement(tRef.current('mentions.picked', { name: person.displayName }));
    };
    pickRef.current = pick;

    el.setAttribute('aria-autocomplete', 'list');
    el.setAttribute('aria-haspopup', 'listbox');

    const onKeyDown = (e: KeyboardEvent) => {
      const s = stateRef.current;
      if (!s.open || e.isComposing) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        dismissed = s.start;
        close();
        return;
      }
      if (s.items.length === 0) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setState({ ...s, active: (s.active + step + s.items.length) % s.items.length });
      } else if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        pick(s.items[s.active] ?? s.items[0]!);
      }
    };
    const onKeyUp = (e: KeyboardEvent) => {
      // Moving within the list is not moving the caret.
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') update();
    };
    el.addEventListener('keydown', onKeyDown);
    el.addEventListener('keyup', onKeyUp);
    el.addEventListener('input', update);
    el.addEventListener('click', update);
    el.addEventListener('focus', update);
    el.addEventListener('blur', close);
    return () => {
      if (timer) clearTimeout(timer);
      inflight?.abort();
      pickRef.current = null;
      el.removeEventListener('keydown', onKeyDown);
      el.removeEventListener('keyup', onKeyUp);
      el.removeEventListener('input', update);
      el.removeEventListener('click', update);
      el.removeEventListener('focus', update);
      el.removeEventListener('blur', close);
      for (const name of ['aria-autocomplete', 'aria-haspopup', 'aria-controls', 'aria-activedescendant']) el.removeAttribute(name);
    };
  }, [textarea, source]);

  // The textarea points at the list while it is open, and at the highlighted option.
  const showList = state.open && (state.items.length > 0 || !state.loading);
  const activeId = state.open && state.items.length > 0 ? `${listId}-${state.active}` : null;
  useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    if (showList) el.setAttribute('aria-controls', listId);
    else el.removeAttribute('aria-controls');
    if (activeId) el.setAttribute('aria-activedescendant', activeId);
    else el.removeAttribute('aria-activedescendant');
  }, [textarea, showList, activeId, listId]);

  return (
    <>
      <p role="status" aria-live="polite" className="sr-only" data-testid="mention-status">
        {announcement}
      </p>
      {showList && state.open ? (
        <div className="absolute inset-x-0 top-full z-20 mt-1 rounded-md border border-border bg-surface shadow-lg">
          {state.items.length > 0 ? (
            <ul
              id={listId}
              role="listbox"
              aria-label={t('mentions.list')}
              className="max-h-64 overflow-y-auto py-1"
              data-testid="mention-list"
            >
              {state.items.map((person, i) => (
                <li
                  key={person.id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === state.active}
                  // The textarea keeps the focus: a press must not blur it before the pick.
                  onPointerDown={(e) => e.preventDefault()}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pickRef.current?.(person)}
                  className={`flex min-h-11 cursor-pointer items-center px-3 py-2 text-sm break-words ${
                    i === state.active ? 'bg-accent text-accent-fg' : 'text-fg'
                  }`}
                >
                  <bdi>{person.displayName}</bdi>
                </li>
              ))}
            </ul>
          ) : (
            <p id={listId} className="px-3 py-2 text-sm text-muted">
              {state.error ?? t('mentions.noMatch')}
            </p>
          )}
        </div>
      ) : null}
    </>
  );
}
