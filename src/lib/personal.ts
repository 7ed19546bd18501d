/**
 * The personal layer of a shared render (src/server/cache/shared-render.ts).
 *
 * A signed-in person's public page (`/`, `/b/[board]`, `/p/[number]`) is rendered once for
 * everyone of their audience, with nobody's name and no votes in it. What is theirs reaches the
 * page as a small payload the server adds to the copy, `<script id="__CHORUS_ME__"
 * type="application/json">`, followed by `PERSONAL_SCRIPT`, which runs before first paint:
 *
 *  - every vote button (`data-vote-post="N"`) of a post they voted for gets `aria-pressed="true"`
 *    (its pressed look is styled from that attribute);
 *  - every element marked `data-personal="<slot>"` gets the payload's text for that slot
 *    (`name`, `email`, `menuFor`), and `data-personal="avatar"` their picture or their initials
 *    and colour.
 *
 * The browser's first React render then reads the same payload (`personalOfPage`), so it draws
 * exactly what the script made of the copy and hydration finds nothing to change. Nothing is
 * substituted in the page's HTML or its page data on the server: the copy is sent as it is, with
 * the payload added before the page data.
 *
 * No React here: the server's entry uses this module too (the vote buttons' context is in
 * personal-votes.ts).
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
  text: PersonalText;
  /** Their avatar's look when they have no picture. */
  look: AvatarLook;
}

/**
 * Applies the payload to the server's copy, before first paint and before hydration. Plain
 * ES5, no dependencies: it is sent as it is, inline, with the response's nonce. It fails quietly:
 * the browser's first render draws the person's page anyway.
 */
export const PERSONAL_SCRIPT = [
  '(function(){try{',
  `var me=JSON.parse(document.getElementById('${PERSONAL_ID}').textContent),d=document,v={},i,e,k,n;`,
  'for(i=0;i<me.voted.length;i++)v[me.voted[i]]=1;',
  "n=d.querySelectorAll('[data-vote-post]');",
  "for(i=0;i<n.length;i++)if(v[n[i].getAttribute('data-vote-post')])n[i].setAttribute('aria-pressed','true');",
  "n=d.querySelectorAll('[data-personal]');",
  "for(i=0;i<n.length;i++){e=n[i];k=e.getAttribute('data-personal');",
  "if(k==='avatar'){if(e.tagName==='IMG')e.setAttribute('src',me.viewer.avatarUrl);",
  "else{e.setAttribute('data-initials',me.look.initials);e.style.background=me.look.background}}",
  'else if(Object.prototype.hasOwnProperty.call(me.text,k))e.textContent=me.text[k]}',
  '}catch(x){}})();',
].join('');

/** Next.js's escaping of JSON inside a script element (next/dist/shared/lib/htmlescape). */
const JSON_ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/[&><\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!);

/** The payload's markup: its data, then the script that applies it. */
export const personalMarkup = (payload: PersonalPayload, nonce: string) =>
  `<script id="${PERSONAL_ID}" type="application/json">${jsonForScript(payload)}</script>` +
  `<script nonce="${nonce}">${PERSONAL_SCRIPT}</script>`;

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
