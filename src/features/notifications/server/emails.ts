/**
 * The notification email: one item, or a digest of several, as branded HTML (the workspace's
 * name and accent colour) and plain text, with a link to the preferences and a one-click
 * unsubscribe (RFC 8058: `List-Unsubscribe` and `List-Unsubscribe-Post` headers, and a link in
 * the footer). User text is escaped: it never becomes markup.
 */
import { env } from '@/config/env';
import { directionOf, SOURCE_LOCALE, type Locale } from '@/core/i18n/locales';
import { emailTranslator } from '@/server/i18n/catalogues';
import { escapeHtml } from '@/server/mail/html';
import type { Email } from '@/server/mail/outbox';
import { headlineText } from '../headline';
import type { NotificationData } from '../schema';

export interface DigestItem {
  data: NotificationData;
}

const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

export function notificationEmail(opts: {
  to: string;
  /** `logoUrl`: the uploaded logo's path, shown above the name as an absolute URL (the name stays text: emails read well without images). */
  workspace: { name: string; accentColor: string; logoUrl?: string | null };
  items: readonly DigestItem[];
  unsubscribeToken: string;
  /** The recipient's language (their setting, else the workspace default); user content stays as written. */
  locale?: Locale;
}): Email {
  const locale = opts.locale ?? SOURCE_LOCALE;
  const t = emailTranslator(locale);
  const headline = (item: DigestItem) =>
    headlineText(item.data, (key, args) => t(`notification.headline.${key}` as Parameters<typeof t>[0], args));
  const base = env().PUBLIC_URL;
  const { name } = opts.workspace;
  const accent = HEX.test(opts.workspace.accentColor) ? opts.workspace.accentColor : '#6d28d9';
  const unsubscribeUrl = `${base}/unsubscribe?token=${encodeURIComponent(opts.unsubscribeToken)}`;
  const oneClickUrl = `${base}/api/v1/unsubscribe?token=${encodeURIComponent(opts.unsubscribeToken)}`;
  const preferencesUrl = `${base}/settings/notifications`;
  const single = opts.items.length === 1;
  const count = opts.items.length;
  const subject = single ? `${headline(opts.items[0]!)} · ${name}` : `${t('notification.updates', { count })} · ${name}`;
  // Only a path this workspace wrote (an uploaded logo) becomes an image URL.
  const logo = /^\/api\/v1\/branding\/[0-9a-f-]{36}$/.test(opts.workspace.logoUrl ?? '') ? `${base}${opts.workspace.logoUrl}` : null;
  const link = (item: DigestItem) => (item.data.path ? `${base}${item.data.path}` : undefined);

  const text = [
    single ? '' : t('notification.updatesFrom', { count, workspace: name }),
    ...opts.items.map((item) =>
      [`• ${headline(item)}`, item.data.excerpt ? `  ${item.data.excerpt}` : '', link(item) ? `  ${link(item)}` : '']
        .filter(Boolean)
        .join('\n'),
    ),
    '—',
    `${t('notification.preferences')}: ${preferencesUrl}`,
    `${t('notification.unsubscribe')}: ${unsubscribeUrl}`,
  ]
    .filter(Boolean)
    .join('\n\n');

  const itemsHtml = opts.items
    .map((item) => {
      const url = link(item);
      const title = url
        ? `<a href="${escapeHtml(url)}" style="color:${accent};font-weight:600">${escapeHtml(headline(item))}</a>`
        : `<strong>${escapeHtml(headline(item))}</strong>`;
      const excerpt = item.data.excerpt ? `<p style="margin:4px 0 0;color:#3f3f46">${escapeHtml(item.data.excerpt)}</p>` : '';
      return `<li style="margin:0 0 16px">${title}${excerpt}</li>`;
    })
    .join('\n');
  const root = `<html lang="${locale}" dir="${directionOf(locale)}">`;
  const html = `<!doctype html>${root}<body style="margin:0;font-family:system-ui,sans-serif;line-height:1.5;color:#18181b">
<div style="border-top:4px solid ${accent};padding:16px 20px;max-width:600px">
${logo ? `<img src="${escapeHtml(logo)}" alt="" height="32" style="display:block;height:32px;width:auto;max-width:240px;margin:0 0 8px;border:0">` : ''}
<p style="margin:0 0 16px;font-size:18px;font-weight:600">${escapeHtml(name)}</p>
${single ? '' : `<p>${escapeHtml(t('notification.updatesHeading', { count }))}</p>`}
<ul style="list-style:none;padding:0;margin:0">
${itemsHtml}
</ul>
<p style="margin-top:24px;font-size:13px;color:#52525b">
<a href="${escapeHtml(preferencesUrl)}" style="color:#52525b">${escapeHtml(t('notification.preferences'))}</a> ·
<a href="${escapeHtml(unsubscribeUrl)}" style="color:#52525b">${escapeHtml(t('notification.unsubscribe'))}</a>
</p>
</div>
</body></html>`;

  return {
    to: opts.to,
    kind: 'notification',
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
