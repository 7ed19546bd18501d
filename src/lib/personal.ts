/**
 * The personal layer of a shared render (src/server/cache/shared-render.ts).
 *
 * A signed-in person's public page (`/`, `/b/[board]`, `/p/[number]`) is rendered once for
 * everyone of their audience, with nobody's name and no votes in it. What is theirs reaches the
 * page as a small payload the server adds to the copy, `<script id="__CHORUS_ME__"
 * type="application/json">`, followed by a small script (`PERSONAL_SCRIPT`,
 * src/server/cache/personal-payload.ts) that runs before first paint (the head holds rendering
 * back until it has: decision 067):
 *
 *  - every vote button (`data-vote-post="N"`) of a post they voted for gets `aria-pressed="true"`
 *    (its pressed look is styled from that attribute);
 *  - every element marked `data-personal="<slot>"` gets the payload's text for that slot
 *    (`name`, `email`, `menuFor`), and `data-personal="avatar"` their picture or their initials
 *    and colour;
 *  - every author control of theirs (`data-own="<slot>"`: their post's and comments' Edit and
 *    Delete, src/lib/personal-own.ts), drawn hidden for nobody, loses its `hidden`.
 *
 * The browser's first React render then reads the same payload (`personalOfPage`), so it draws
 * exactly what the script made of the copy and hydration finds nothing to change. Nothing is
 * substituted in the page's HTML or its page data on the server: the copy is sent as it is, with
 * the payload added before the page data.
 *
 * No React here: the server's entry uses this module too (the vote buttons' context is in
 * personal-votes.ts). The script and the markup are the server's alone, so they are not part of
 * the browser's bundle.
 */
import type { Viewer } from '@/core/identity/viewer';
import type { AvatarLook } from '@/lib/avatar-look';

/** The element that carries the payload. */
export const PERSONAL_ID = '__CHORUS_ME__';

/** Texts of `data-personal` slots, made on the server in the page's language. */
export interface PersonalText {
  name: string;
  email: string;
  /** The account menu's accessible name ("Account menu for …"). */
  menuFor: string;
}

export interface PersonalPayload {
  viewer: Viewer;
  /** Numbers of the posts on the page that they voted for. */
  voted: number[];
  /** The `data-own` slots of the page's author controls that are theirs (src/lib/personal-own.ts). */
  own: string[];
  text: PersonalText;
  /** Their avatar's look when they have no picture. */
  look: AvatarLook;
}

let read: { payload: PersonalPayload | null } | undefined;

/** In the browser, the payload of the page it loaded, read once; null on the server and without one. */
export function personalOfPage(): PersonalPayload | null {
  if (typeof document === 'undefined') return null;
  if (!read) {
    const text = document.getElementById(PERSONAL_ID)?.textContent;
    let payload: PersonalPayload | null = null;
    try {
      payload = text ? (JSON.parse(text) as PersonalPayload) : null;
    } catch {
      payload = null;
    }
    read = { payload };
  }
  return read.payload;
}

/** The `data-own` slot names of author controls (src/lib/personal-own.ts): a post's or a comment's controls as a whole, or one of them. */
export const ownSlot = {
  post: (number: number, part?: 'edit' | 'delete' | `refusal:${string}`) => `post:${number}${part ? `:${part}` : ''}`,
  comment: (id: number, part?: 'edit' | 'delete') => `comment:${id}${part ? `:${part}` : ''}`,
};
