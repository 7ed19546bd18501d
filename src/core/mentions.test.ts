import { describe, expect, it } from 'vitest';
import { extractMentionedUserIds, MAX_MENTIONS_PER_TEXT, mentionToken } from './mentions';

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
