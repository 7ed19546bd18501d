/**
 * The body an endpoint receives, by its format: the generic envelope as JSON, a Slack
 * incoming-webhook message (`text` + `blocks`) or a Discord webhook message (`content` +
 * `embeds`). Text people wrote is escaped for the target's markup, so a title cannot ping
 * @everyone, mention anyone or carry a link of its own: only the links Chorus builds are links.
 */
import type { WebhookFormat } from '../enums';
import type { WebhookEvent } from './payload';

/** Slack mrkdwn: `&`, `<` and `>` are the control characters (`<!everyone>`, `<url|label>`). */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Discord markdown: every markup character is escaped, and `@` cannot start a mention. */
export function escapeDiscord(text: string): string {
  return text.replace(/[\\*_~`|>[\]()#<:-]/g, (c) => `\\${c}`).replace(/@/g, '@\u200b');
}

interface Summary {
  /** What happened, in words, with the subject's title as a link (built per format). */
  headline: (link: (label: string, url: string) => string, esc: (s: string) => string) => string;
  detail: string | null;
  url: string | null;
}

type PostData = { number: number; title: string; excerpt: string; url: string; board: { name: string }; voteCount: number };

function summarise(event: WebhookEvent): Summary {
  const d = event.data as Record<string, unknown>;
  const post = d.post as PostData | undefined;
  const postLink = (link: (l: string, u: string) => string) => (post ? link(`#${post.number} ${post.title}`, post.url) : '');
  const board = (esc: (s: string) => string) => (post ? esc(post.board.name) : '');
  switch (event.type) {
    case 'post.created':
      return {
        headline: (link, esc) => `New post on ${board(esc)}: ${postLink(link)}`,
        detail: post?.excerpt || null,
        url: post?.url ?? null,
      };
    case 'post.status_changed': {
      const change = d.statusChange as { to: string | null; note: string | null };
      return {
        headline: (link, esc) => `${postLink(link)} moved to ${esc(change.to ?? 'a new status')}`,
        detail: change.note,
        url: post?.url ?? null,
      };
    }
    case 'post.merged': {
      const into = d.mergedInto as PostData | null;
      return {
        headline: (link) => `${postLink(link)} was merged into ${into ? link(`#${into.number} ${into.title}`, into.url) : 'another post'}`,
        detail: null,
        url: into?.url ?? post?.url ?? null,
      };
    }
    case 'comment.created': {
      const comment = d.comment as { excerpt: string; url: string; author: { name: string } | null };
      return {
        headline: (link, esc) => `${esc(comment.author?.name ?? 'Someone')} commented on ${postLink(link)}`,
        detail: comment.excerpt,
        url: comment.url,
      };
    }
    case 'vote.created':
      return {
        headline: (link) => `New vote on ${postLink(link)} (${post?.voteCount ?? 0} ${post?.voteCount === 1 ? 'vote' : 'votes'})`,
        detail: null,
        url: post?.url ?? null,
      };
    case 'changelog.published': {
      const entry = d.entry as { title: string; excerpt: string; url: string };
      return { headline: (link) => `New in the changelog: ${link(entry.title, entry.url)}`, detail: entry.excerpt || null, url: entry.url };
    }
    case 'webhook.test':
      return { headline: () => 'A test event from Chorus: this endpoint is set up correctly.', detail: null, url: null };
  }
}

/** A URL Chorus built, made safe inside Slack's `<url|label>` (it never holds `|` or `>` unescaped). */
const slackUrl = (url: string) => url.replace(/[|>]/g, encodeURIComponent);

/**
 * A mrkdwn text object. `verbatim`: Slack otherwise turns a bare URL, `#channel` or `@here` in
 * people's text into a link or a mention; the `<url|label>` links Chorus writes still work.
 */
const mrkdwn = (text: string) => ({ type: 'mrkdwn', text, verbatim: true });

export function slackMessage(event: WebhookEvent): Record<string, unknown> {
  const s = summarise(event);
  const headline = s.headline((label, url) => `<${slackUrl(url)}|${escapeSlack(label)}>`, escapeSlack);
  const blocks: Record<string, unknown>[] = [{ type: 'section', text: mrkdwn(headline) }];
  if (s.detail) blocks.push({ type: 'context', elements: [mrkdwn(escapeSlack(s.detail))] });
  return { text: headline, blocks, unfurl_links: false, unfurl_media: false };
}

export function discordMessage(event: WebhookEvent): Record<string, unknown> {
  const s = summarise(event);
  const plain = s.headline((label) => escapeDiscord(label), escapeDiscord);
  return {
    content: plain,
    embeds:
      s.url || s.detail
        ? [{ ...(s.detail ? { description: escapeDiscord(s.detail) } : {}), ...(s.url ? { url: s.url, title: 'Open in Chorus' } : {}) }]
        : [],
    // Belt and braces: Discord pings no one whatever the text says.
    allowed_mentions: { parse: [] },
  };
}

/** The exact bytes sent (and signed) for an event in a format. */
export function renderBody(format: WebhookFormat, event: WebhookEvent): string {
  if (format === 'slack') return JSON.stringify(slackMessage(event));
  if (format === 'discord') return JSON.stringify(discordMessage(event));
  return JSON.stringify(event);
}
