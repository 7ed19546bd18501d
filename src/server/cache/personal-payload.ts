/**
 * What a shared render (shared-render.ts) adds for one person: their personal payload
 * (src/lib/personal.ts), before the page data. No I/O.
 */
import type { Locale } from '@/core/i18n/locales';
import type { Viewer } from '@/core/identity/viewer';
import { avatarLook } from '@/lib/avatar-look';
import { PERSONAL_ID, type PersonalPayload } from '@/lib/personal';
import { pageWords } from '@/server/i18n/catalogues';
import { FilledBody, cutAt } from './filled-body';

/** What is theirs on a shared render, with its texts in the page's language. */
export function payloadOf(viewer: Viewer, locale: Locale, voted: number[], own: string[] = []): PersonalPayload {
  const account = pageWords(locale, 'account');
  return {
    viewer,
    voted,
    own,
    text: { name: viewer.displayName, email: viewer.email, menuFor: account('menuFor', { name: viewer.displayName }) },
    look: avatarLook(viewer.displayName),
  };
}

/**
 * Applies the payload to the server's copy (src/lib/personal.ts), before first paint and before hydration. Plain
 * ES5, no dependencies: it is sent as it is, inline, with the response's nonce. It fails quietly:
 * the browser's first render draws the person's page anyway.
 */
export const PERSONAL_SCRIPT = [
  '(function(){try{',
  `var me=JSON.parse(document.getElementById('${PERSONAL_ID}').textContent),d=document,v={},i,e,k,n;`,
  'for(i=0;i<me.voted.length;i++)v[me.voted[i]]=1;',
  "n=d.querySelectorAll('[data-vote-post]');",
  "for(i=0;i<n.length;i++)if(v[n[i].getAttribute('data-vote-post')])n[i].setAttribute('aria-pressed','true');",
  'for(i=0,v={};i<me.own.length;i++)v[me.own[i]]=1;',
  "n=d.querySelectorAll('[data-own][hidden]');",
  "for(i=0;i<n.length;i++)if(v[n[i].getAttribute('data-own')]===1)n[i].removeAttribute('hidden');",
  "n=d.querySelectorAll('[data-personal]');",
  "for(i=0;i<n.length;i++){e=n[i];k=e.getAttribute('data-personal');",
  "if(k==='avatar'){if(e.tagName==='IMG')e.setAttribute('src',me.viewer.avatarUrl);",
  "else{e.setAttribute('data-initials',me.look.initials);e.style.background=me.look.background}}",
  'else if(Object.prototype.hasOwnProperty.call(me.text,k))e.textContent=me.text[k]}',
  '}catch(x){}})();',
].join('');

/**
 * JSON inside a script element, escaped as Next.js escapes its page data (its own helper is not
 * importable from the server's entry, an ES module: next/dist has no exports map).
 */
const JSON_ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/[&><\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!);

/** The element after the payload's script: the browser draws nothing before it has parsed it. */
export const PERSONAL_APPLIED_ID = '__CHORUS_ME_APPLIED__';

/** The payload's markup: its data, the script that applies it, and the mark that it has run. */
const personalMarkup = (payload: PersonalPayload, nonce: string) =>
  `<script id="${PERSONAL_ID}" type="application/json">${jsonForScript(payload)}</script>` +
  `<script nonce="${nonce}">${PERSONAL_SCRIPT}</script><template id="${PERSONAL_APPLIED_ID}"></template>`;

/**
 * In the head: the page is not rendered until the parser has passed the payload's script
 * (render-blocking `rel="expect"`, HTML's "expect" link type). Without it a browser may paint a long
 * page before it reaches the end of the body, that is, nobody's name and buttons for a frame.
 * Browsers that do not know it ignore it.
 */
const RENDER_AFTER_PAYLOAD = `<link rel="expect" href="#${PERSONAL_APPLIED_ID}" blocking="render">`;

const NEXT_DATA = '<script id="__NEXT_DATA__"';

/**
 * A shared render ready to be sent to anyone: its bytes, in the head the hint that holds rendering
 * back until the payload has been applied, cut where each response puts its own nonce and, right
 * before the page data, the person's payload (after everything the payload's script changes,
 * before the scripts that hydrate the page). Made once per render; a response only copies it.
 */
export interface Fillable {
  body: FilledBody;
  /** What goes in each cut, in order: the response's nonce, or the payload's markup (once). */
  cuts: ('nonce' | 'payload')[];
}

/** `html`: a render whose nonce is `copyNonce`. */
export function fillableOf(html: string, copyNonce: string): Fillable {
  const head = html.indexOf('</head>');
  const page = head < 0 ? html : html.slice(0, head) + RENDER_AFTER_PAYLOAD + html.slice(head);
  const at = page.lastIndexOf(NEXT_DATA);
  const mark = Buffer.from(copyNonce);
  const before = cutAt(Buffer.from(at < 0 ? page : page.slice(0, at)), mark);
  const after = cutAt(Buffer.from(at < 0 ? '' : page.slice(at)), mark);
  const nonces = (parts: Buffer[]) => parts.slice(1).map(() => 'nonce' as const);
  return { body: new FilledBody([...before, ...after]), cuts: [...nonces(before), 'payload', ...nonces(after)] };
}

/** What this response puts in the cuts of `page`. */
export function fillsOf(page: Fillable, payload: PersonalPayload, nonce: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce);
  const markup = Buffer.from(personalMarkup(payload, nonce));
  return page.cuts.map((cut) => (cut === 'nonce' ? nonceBytes : markup));
}
