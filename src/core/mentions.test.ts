import { describe, expect, it } from 'vitest';
import { mdText, plainExcerpt } from '@/lib/markdown-tree';
import {
  activeMentionQuery,
  extractMentionedUserIds,
  insertMention,
  MAX_MENTIONS_PER_TEXT,
  mentionsToPlainText,
  mentionToken,
} from './mentions';

const A = '6f1c2a3b-1111-4222-8333-444455556666';
const B = '0a0b0c0d-aaaa-4bbb-8ccc-ddddeeeeffff';

describe('mention tokens', () => {
  it('round-trips a person through a token', () => {
    expect(mentionToken('Ada Lovelace', A)).toBe(`@[Ada Lovelace](user:${A})`);
    expect(extractMentionedUserIds(`Hi ${mentionToken('Ada', A)}!`)).toEqual([A]);
  });

  it('keeps a token parseable whatever the name holds', () => {
    const token = mentionToken('[evil]\n](user:x)', B);
    expect(extractMentionedUserIds(token)).toEqual([B]);
    expect(mentionToken('   ', A)).toBe(`@[someone](user:${A})`);
  });

  it('lists each person once, in order, and ignores look-alikes', () => {
    const text = `${mentionToken('B', B)} and ${mentionToken('A', A)} and again ${mentionToken('B', B)}; [x](user:${A}) @Ada @[x](user:nope)`;
    expect(extractMentionedUserIds(text)).toEqual([B, A]);
  });

  it('caps how many people one text mentions', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const text = ids.map((id) => mentionToken('x', id)).join(' ');
    expect(extractMentionedUserIds(text)).toEqual(ids.slice(0, MAX_MENTIONS_PER_TEXT));
  });
});

describe('mentionsToPlainText', () => {
  it('writes each token as @Name and leaves the rest alone', () => {
    expect(mentionsToPlainText(`Hi ${mentionToken('Ada Lovelace', A)}, see [docs](https://x.test) and [y](user:${B})`)).toBe(
      'Hi @Ada Lovelace, see [docs](https://x.test) and [y](user:' + B + ')',
    );
    expect(mentionsToPlainText(`${mentionToken('A', A)}${mentionToken('B', B)}`)).toBe('@A@B');
  });

  it('makes excerpts show @Name, even when the text is cut inside a token', () => {
    expect(plainExcerpt(`Thanks ${mentionToken('Ada', A)} for **this**`)).toBe('Thanks @Ada for this');
    // The excerpt reads a bounded slice: a token at its edge is dropped, never shown half.
    const text = `${'word '.repeat(159)}${mentionToken('Ada', A)}`;
    const excerpt = plainExcerpt(text, 200);
    expect(excerpt).not.toMatch(/user:|\]\(|@\[/);
  });

  it('gives the mentioned names in the plain text of a rendered tree', () => {
    expect(mdText([{ t: 'p', c: ['Hi ', { t: 'mention', v: 'Ada' }] }])).toBe('Hi @Ada');
  });
});

describe('the mention being typed', () => {
  it('finds @ and the letters before the caret', () => {
    expect(activeMentionQuery('Hello @ad', 9)).toEqual({ start: 6, query: 'ad' });
    expect(activeMentionQuery('@Ada Lo', 7)).toEqual({ start: 0, query: 'Ada Lo' });
    expect(activeMentionQuery('(@jo', 4)).toEqual({ start: 1, query: 'jo' });
  });

  it('ignores email addresses, a bare @, and text after the caret', () => {
    expect(activeMentionQuery('mail ada@example.com', 20)).toBeNull();
    expect(activeMentionQuery('just @', 6)).toBeNull();
    expect(activeMentionQuery('@1abc', 5)).toBeNull();
    expect(activeMentionQuery('@ada and more', 2)).toEqual({ start: 0, query: 'a' });
    expect(activeMentionQuery('@a b c d', 8)).toBeNull();
  });

  it('replaces the typed @query with the token and a space', () => {
    expect(insertMention('Hi @ad thanks', 3, 6, { id: A, displayName: 'Ada' })).toEqual({
      text: `Hi @[Ada](user:${A}) thanks`,
      caret: 3 + `@[Ada](user:${A}) `.length,
    });
  });
});
