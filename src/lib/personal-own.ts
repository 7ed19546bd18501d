/**
 * Author controls on a shared render (src/lib/personal.ts): the Edit and Delete of one's own post
 * and comments, and why one's post can no longer be edited. The shared render is made for nobody,
 * who owns nothing, so it carries every such control of the page with `hidden`, each marked with
 * its slot (`data-own="post:42:edit"`). The personal payload names the slots that are the
 * person's (`own`); its script removes their `hidden` before first paint, and the browser's first
 * render reads the same list, so hydration finds what it draws. Hidden controls take no room and
 * are neither focusable nor read out.
 *
 * On every other page (a full render, a client-side navigation) the controls come with the page's
 * data as before: only those the reader gets are drawn, with the same slot marks.
 */
import { createContext, useContext } from 'react';

export { ownSlot } from './personal';

/** The person's slots on a shared render (empty on the server's render for nobody); null on any other page. */
export const PersonalOwn = createContext<ReadonlySet<string> | null>(null);

/** How to draw one author control: not at all (null), or with these attributes. */
export type AuthorControl = { 'data-own': string; hidden?: true } | null;

/**
 * `control(slot, allowed)`: on a shared render every control is drawn, hidden unless it is the
 * person's; elsewhere only the allowed ones, as the page's data says.
 */
export function useAuthorControls(): (slot: string, allowed: boolean) => AuthorControl {
  const own = useContext(PersonalOwn);
  return (slot, allowed) => {
    const shown = allowed || (own?.has(slot) ?? false);
    if (shown) return { 'data-own': slot };
    return own ? { 'data-own': slot, hidden: true } : null;
  };
}
