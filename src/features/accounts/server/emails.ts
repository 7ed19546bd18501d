import { env } from '@/config/env';
import { directionOf, SOURCE_LOCALE, type Locale } from '@/core/i18n/locales';
import { emailTranslator } from '@/server/i18n/catalogues';
import { escapeHtml } from '@/server/mail/html';
import type { Email } from '@/server/mail/outbox';
import { accentPalette } from '@/lib/accent';

/** Who an account email is from: the workspace's name and accent colour (an invalid colour falls back to the default). */
export interface EmailSender {
  name: string;
  accentColor: string;
}

interface Message {
  kind: string;
  subject: string;
  intro: string;
  action?: { label: string; path: string };
  outro: string;
}

/**
 * Every account email: a plain-text and an HTML part, the workspace name, links from PUBLIC_URL,
 * in the recipient's language (its `lang` and direction on the HTML). The workspace name is an
 * argument of the messages, escaped like any text; never part of a template.
 */
function compose(to: string, sender: EmailSender, m: Message, locale: Locale = SOURCE_LOCALE): Email {
  const t = emailText(locale);
  const workspace = sender.name;
  // The workspace's accent, darkened where needed so that the button's white label reads on it (lib/accent).
  const accent = accentPalette(sender.accentColor).light.accent;
  const url = m.action ? `${env().PUBLIC_URL}${m.action.path}` : undefined;
  const signature = t('signature', { workspace });
  const text = [m.intro, url ? `${m.action!.label}: ${url}` : '', m.outro, signature].filter(Boolean).join('\n\n');
  const html = `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#18181b">
<p>${escapeHtml(m.intro)}</p>
${
  url
    ? `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:${accent};color:#fff;padding:10px ` +
      `16px;border-radius:6px;text-decoration:none">${escapeHtml(m.action!.label)}</a></p><p style="font-size:13px;color:#52525b">` +
      `${escapeHtml(t('copyLink', { url }))}</p>`
    : ''
}
<p>${escapeHtml(m.outro)}</p>
<p style="color:#52525b">${escapeHtml(signature)}</p>
</body></html>`;
  return { to, kind: m.kind, subject: `${m.subject} · ${workspace}`, text, html };
}

/** Where an invitation's link leads: the sign-up page with the token (the email's link, and the one admins copy). */
export const invitationPath = (token: string): string => `/signup?invite=${token}`;

/** The `emails` namespace of the recipient's language. */
const emailText = emailTranslator;

export const accountEmails = {
  verifyEmail: (to: string, sender: EmailSender, token: string, locale: Locale) => {
    const t = emailText(locale);
    return compose(
      to,
      sender,
      {
        kind: 'verify_email',
        subject: t('verifyEmail.subject'),
        intro: t('verifyEmail.intro', { workspace: sender.name }),
        action: { label: t('verifyEmail.action'), path: `/verify-email?token=${token}` },
        outro: t('verifyEmail.outro'),
      },
      locale,
    );
  },
  alreadyRegistered: (to: string, sender: EmailSender, locale: Locale) => {
    const t = emailText(locale);
    return compose(
      to,
      sender,
      {
        kind: 'already_registered',
        subject: t('alreadyRegistered.subject'),
        intro: t('alreadyRegistered.intro'),
        action: { label: t('alreadyRegistered.action'), path: '/login' },
        outro: t('alreadyRegistered.outro'),
      },
      locale,
    );
  },
  resetPassword: (to: string, sender: EmailSender, token: string, locale: Locale) => {
    const t = emailText(locale);
    return compose(
      to,
      sender,
      {
        kind: 'reset_password',
        subject: t('resetPassword.subject'),
        intro: t('resetPassword.intro'),
        action: { label: t('resetPassword.action'), path: `/reset-password?token=${token}` },
        outro: t('resetPassword.outro'),
      },
      locale,
    );
  },
  magicLink: (to: string, sender: EmailSender, token: string, locale: Locale) => {
    const t = emailText(locale);
    return compose(
      to,
      sender,
      {
        kind: 'magic_link',
        subject: t('magicLink.subject'),
        intro: t('magicLink.intro'),
        action: { label: t('magicLink.action'), path: `/magic-link?token=${token}` },
        outro: t('magicLink.outro'),
      },
      locale,
    );
  },
  /** `inviter`: the inviting person's display name (user content, an argument). */
  invite: (to: string, sender: EmailSender, token: string, inviter: string, locale: Locale) => {
    const t = emailText(locale);
    return compose(
      to,
      sender,
      {
        kind: 'invite',
        subject: t('invite.subject', { inviter }),
        intro: t('invite.intro', { inviter, workspace: sender.name }),
        action: { label: t('invite.action'), path: invitationPath(token) },
        outro: t('invite.outro'),
      },
      locale,
    );
  },
  changeEmail: (to: string, sender: EmailSender, token: string, locale: Locale) => {
    const t = emailText(locale);
    return compose(
      to,
      sender,
      {
        kind: 'change_email',
        subject: t('changeEmail.subject'),
        intro: t('changeEmail.intro'),
        action: { label: t('changeEmail.action'), path: `/verify-email?token=${token}&change=1` },
        outro: t('changeEmail.outro'),
      },
      locale,
    );
  },
  emailChanged: (to: string, sender: EmailSender, locale: Locale) => {
    const t = emailText(locale);
    return compose(
      to,
      sender,
      { kind: 'email_changed', subject: t('emailChanged.subject'), intro: t('emailChanged.intro'), outro: t('emailChanged.outro') },
      locale,
    );
  },
};
