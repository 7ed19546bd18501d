import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { directionOf, SOURCE_LOCALE, type Locale } from '@/core/i18n/locales';
import { emailTranslator } from '@/server/i18n/catalogues';
import { escapeHtml } from '@/server/mail/html';
import type { Email } from '@/server/mail/outbox';

/**
 * Told to the author when the team rejects their post (SPEC.md §4), in their language (their
 * setting, else the workspace default). The title is their own text: an argument, escaped.
 */
export function postRejectedEmail(to: string, workspace: string, post: { title: string }, locale: Locale = SOURCE_LOCALE): Email {
  const t = emailTranslator(locale);
  const intro = t('postRejected.intro', { title: post.title });
  const outro = t('postRejected.outro');
  const visit = t('postRejected.visit', { workspace });
  const signature = t('signature', { workspace });
  const url = `${env().PUBLIC_URL}${paths.home()}`;
  const text = [intro, outro, `${visit}: ${url}`, signature].join('\n\n');
  const html = `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#18181b">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(outro)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(visit)}</a></p>
<p style="color:#52525b">${escapeHtml(signature)}</p>
</body></html>`;
  return { to, kind: 'post_rejected', subject: `${t('postRejected.subject')} · ${workspace}`, text, html };
}
