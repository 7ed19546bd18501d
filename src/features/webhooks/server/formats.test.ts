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
