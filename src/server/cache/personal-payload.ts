/**
 * What a shared render (shared-render.ts) adds for one person: their personal payload
 * (src/lib/personal.ts), before the page data. Pure string work, no I/O.
 */
import type { Locale } from '@/core/i18n/locales';
import type { Viewer } from '@/core/identity/viewer';
import { avatarLook } from '@/lib/avatar-look';
import { personalMarkup, type PersonalPayload } from '@/lib/personal';
import { pageWords } from '@/server/i18n/catalogues';

/** What is theirs on a shared render, with its texts in the page's language. */
export function payloadOf(viewer: Viewer, locale: Locale, voted: number[]): PersonalPayload {
  const account = pageWords(locale, 'account');
  return {
    viewer,
    voted,
    text: { name: viewer.displayName, email: viewer.email, menuFor: account('menuFor', { name: viewer.displayName }) },
    look: avatarLook(viewer.displayName),
  };
}

const NEXT_DATA = '<script id="__NEXT_DATA__"';

/**
 * The copy as it is, with the response's nonce and the person's payload right before the page
 * data: after everything the payload's script changes, before the scripts that hydrate the page.
 */
export function withPayload(body: string, copyNonce: string, payload: PersonalPayload, nonce: string): string {
  const html = copyNonce === nonce ? body : body.replaceAll(copyNonce, () => nonce);
  const at = html.lastIndexOf(NEXT_DATA);
  const markup = personalMarkup(payload, nonce);
  return at < 0 ? html + markup : html.slice(0, at) + markup + html.slice(at);
}
