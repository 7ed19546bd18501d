import { describe, expect, it } from 'vitest';
import { discordMessage, escapeDiscord, escapeSlack, renderBody, slackMessage } from './formats';
import type { WebhookEvent } from './payload';

const hostile = '@everyone <!channel> <https://evil.example|click> [x](https://evil.example) **bold** <@123>';
const event: WebhookEvent = {
  id: '00000000-0000-4000-8000-000000000000',
  type: 'post.created',
  createdAt: '2026-11-26T00:00:00.000Z',
  data: {
    post: {
      number: 7,
      title: hostile,
      excerpt: hostile,
      url: 'https://feedback.example.com/p/7',
      board: { slug: 'ideas', name: 'Ideas & <things>' },
      voteCount: 1,
    },
  },
};

describe('Slack format', () => {
  it('escapes the control characters, so user text can neither mention nor link', () => {
    expect(escapeSlack('<!everyone> & <http://x|y>')).toBe('&lt;!everyone&gt; &amp; &lt;http://x|y&gt;');
    const message = slackMessage(event);
    const text = JSON.stringify(message);
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<https://evil.example');
    // The only link is the one Chorus built.
    expect(message.text).toMatch(/^New post on Ideas &amp; &lt;things&gt;: <https:\/\/feedback\.example\.com\/p\/7\|#7 /);
    expect((message.text as string).match(/<http/g)).toHaveLength(1);
  });
});

/** Every Slack text object in a message, wherever it sits. */
function textObjects(node: unknown): { type: string; text: string; verbatim?: boolean }[] {
  if (Array.isArray(node)) return node.flatMap(textObjects);
  if (!node || typeof node !== 'object') return [];
  const o = node as Record<string, unknown>;
  const own = (o.type === 'mrkdwn' || o.type === 'plain_text') && typeof o.text === 'string' ? [o as { type: string; text: string }] : [];
  return [...own, ...Object.values(o).flatMap(textObjects)];
}

describe('Slack format, bare URLs', () => {
  const bare = 'See https://evil.example/login and www.evil.example, #general, @here';
  const events: WebhookEvent[] = [
    event,
    {
      ...event,
      type: 'comment.created',
      data: { post: event.data.post, comment: { excerpt: bare, url: 'https://feedback.example.com/p/7#c1', author: { name: bare } } },
    },
    { ...event, type: 'post.status_changed', data: { post: event.data.post, statusChange: { to: bare, note: bare } } },
    {
      ...event,
      type: 'changelog.published',
      data: { entry: { title: bare, excerpt: bare, url: 'https://feedback.example.com/changelog/x' } },
    },
  ];

  it('marks every mrkdwn text object verbatim, so Slack turns no URL, channel or mention in user text into a link', () => {
    for (const e of events) {
      const objects = textObjects(slackMessage(e).blocks);
      expect(objects.length).toBeGreaterThan(0);
      for (const o of objects) expect(o).toMatchObject({ type: 'mrkdwn', verbatim: true });
    }
    // Verbatim keeps the links Chorus writes itself (`<url|label>`).
    expect(textObjects(slackMessage(event).blocks)[0]!.text).toContain('<https://feedback.example.com/p/7|#7 ');
  });
});

describe('Discord format', () => {
  it('escapes markdown and breaks every mention; allowed_mentions pings no one', () => {
    expect(escapeDiscord('@everyone [x](y) **b**')).toBe('@\u200beveryone \\[x\\]\\(y\\) \\*\\*b\\*\\*');
    const message = discordMessage(event);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(message.content).not.toMatch(/(^|[^\u200b])@everyone/);
    expect(message.content).not.toContain('](');
    expect(message.content).not.toContain('<@123>');
    expect(message.embeds).toEqual([expect.objectContaining({ url: 'https://feedback.example.com/p/7' })]);
  });
});

describe('generic format', () => {
  it('is the envelope itself', () => {
    expect(JSON.parse(renderBody('generic', event))).toEqual(event);
    expect(JSON.parse(renderBody('slack', event))).toHaveProperty('blocks');
    expect(JSON.parse(renderBody('discord', event))).toHaveProperty('embeds');
  });
});
