/** The new-post draft kept in localStorage, so that it survives signing in at submit. */
export interface PostDraft {
  board: string;
  title: string;
  body: string;
}

const KEY = 'chorus.postDraft';

export function readDraft(board: string): PostDraft | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<PostDraft>;
    if (draft.board !== board || typeof draft.title !== 'string' || typeof draft.body !== 'string') return null;
    return { board, title: draft.title, body: draft.body };
  } catch {
    return null;
  }
}

export function saveDraft(draft: PostDraft): void {
  try {
    if (!draft.title.trim() && !draft.body.trim()) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage may be full or blocked; the draft then lives only in the form.
  }
}

export function clearDraft(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // See saveDraft.
  }
}
