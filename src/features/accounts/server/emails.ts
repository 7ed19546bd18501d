import { env } from '@/config/env';
import { directionOf, SOURCE_LOCALE, type Locale } from '@/core/i18n/locales';
import { emailTranslator } from '@/server/i18n/catalogues';
import { escapeHtml } from '@/server/mail/html';
import type { Email } from '@/server/mail/outbox';

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
function compose(to: string, workspace: string, m: Message, locale: Locale = SOURCE_LOCALE): Email {
  const t = emailText(locale);
  const url = m.action ? `${env().PUBLIC_URL}${m.action.path}` : undefined;
  const signature = t('signature', { workspace });
  const text = [m.intro, url ? `${m.action!.label}: ${url}` : '', m.outro, signature].filter(Boolean).join('\n\n');
  const html = `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#18181b">
<p>${escapeHtml(m.intro)}</p>
${
  url
    ? `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#6d28d9;color:#fff;padding:10px ` +
      `16px;border-radius:6px;text-decoration:none">${escapeHtml(m.action!.label)}</a></p><p style="font-size:13px;color:#52525b">` +
      `${escapeHtml(t('copyLink', { url }))}</p>`
    : ''
}
<p>${escapeHtml(m.outro)}</p>
<p style="color:#52525b">${escapeHtml(signature)}</p>
</body></html>`;
  return { to, kind: m.kind, subject: `${m.subject} · ${workspace}`, text, html };
}

/** The `emails` namespace of the recipient's language. */
const emailText = emailTranslator;

export const accountEmails = {
  verifyEmail: (to: string, workspace: string, token: string, locale: Locale) => {
    const t = emailText(locale);
    return compose(
      to,
      workspace,
      {
        kind: 'verify_email',
        subject: t('verifyEmail.subject'),
        intro: t('verifyEmail.intro', { workspace }),
        action: { label: t('verifyEmail.action'), path: `/verify-email?token=${token}` },
        outro: t('verifyEmail.outro'),
      },
      locale,
    );
  },
  alreadyRegistered: (to: string, workspace: string) =>
    compose(to, workspace, {
      kind: 'already_registered',
      subject: 'You already have an account',
      intro: 'Someone (hopefully you) tried to sign up with this email address, but it already has an account.',
      action: { label: 'Sign in', path: '/login' },
      outro: 'Forgot your password? You can reset it from the sign-in page. If this was not you, you can ignore this email.',
    }),
  resetPassword: (to: string, workspace: string, token: string, locale: Locale) => {
    const t = emailText(locale);
    return compose(
      to,
      workspace,
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
  magicLink: (to: string, workspace: string, token: string, locale: Locale) => {
    const t = emailText(locale);
    return compose(
      to,
      workspace,
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
  invite: (to: string, workspace: string, token: string, inviter: string) =>
    compose(to, workspace, {
      kind: 'invite',
      subject: `${inviter} invited you`,
      intro: `${inviter} invited you to join ${workspace} feedback.`,
      action: { label: 'Accept the invitation', path: `/signup?invite=${token}` },
      outro: 'The invitation works for 7 days.',
    }),
  changeEmail: (to: string, workspace: string, token: string) =>
    compose(to, workspace, {
      kind: 'change_email',
      subject: 'Confirm your new email address',
      intro: 'Please confirm that you want to use this address for your account.',
      action: { label: 'Confirm new email', path: `/verify-email?token=${token}&change=1` },
      outro: 'The link works for 24 hours. If you did not ask for this, you can ignore this email.',
    }),
  emailChanged: (to: string, workspace: string) =>
    compose(to, workspace, {
      kind: 'email_changed',
      subject: 'Your email address was changed',
      intro: 'The email address of your account was just changed to a new one.',
      outro: 'If this was not you, contact the workspace admins right away.',
    }),
};
