/**
 * A notification's headline in the reader's language. The row keeps what it says as a message
 * (`message`) and its arguments (`who`, `title`, `number`, `status`, `count`, `url`: user content,
 * inserted as text), and no sentence: the in-app list (`notifications.headline.*`), the email
 * (`emails.notification.headline.*`) and the API (in English) each write it. A row without a
 * message (written before messages) reads as `update`.
 */
export const HEADLINE_MESSAGES = [
  'statusChanged',
  'mention',
  'mentionInComment',
  'posted',
  'awaitingPost',
  'awaitingComment',
  'comment',
  'internalNote',
  'approved',
  'rejected',
  'changelog',
  'webhookDisabled',
  'more',
] as const;
export type HeadlineMessage = (typeof HEADLINE_MESSAGES)[number];

/** Formats one message of the headline set (`key` is a HeadlineMessage or a fallback: `someone`, `theTeam`, `newStatus`, `update`). */
export type HeadlineTranslate = (key: string, args?: Record<string, string | number>) => string;

type HeadlineData = Record<string, string | number | null | undefined>;

const isMessage = (m: unknown): m is HeadlineMessage => typeof m === 'string' && (HEADLINE_MESSAGES as readonly string[]).includes(m);

/**
 * `user` marks the arguments people wrote (a name, a title, a status name) as they go in: the
 * in-app list isolates each from the sentence's direction (components/ui/bidi.tsx); the email
 * and the API leave them as they are.
 */
export function headlineText(data: HeadlineData, translate: HeadlineTranslate, user: (text: string) => string = (s) => s): string {
  const message = data.message;
  if (!isMessage(message)) return translate('update');
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const who = typeof data.who === 'string' && data.who ? user(data.who) : translate(message === 'statusChanged' ? 'theTeam' : 'someone');
  const status = typeof data.status === 'string' && data.status ? user(data.status) : translate('newStatus');
  const title = text(data.title);
  return translate(message, {
    who,
    title: title ? user(title) : title,
    // The post's reference as written (#1234), not as a grouped number.
    number: data.number === undefined || data.number === null ? '' : `#${text(data.number)}`,
    status,
    count: typeof data.count === 'number' ? data.count : 0,
    url: text(data.url) ? user(text(data.url)) : '',
  });
}
