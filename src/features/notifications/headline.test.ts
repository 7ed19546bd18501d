import { describe, expect, it } from 'vitest';
import { headlineText, type HeadlineTranslate } from './headline';

const translate: HeadlineTranslate = (key, args) =>
  args ? `${key}: ${String(args.who)} / ${String(args.title)} / ${String(args.status)}` : `(${key})`;

describe('a headline marks the text people wrote', () => {
  it('passes names, titles and status names through `user`, and the words of the interface not', () => {
    const user = (s: string) => `[${s}]`;
    expect(headlineText({ message: 'statusChanged', who: 'Mia', title: 'Dark mode', status: 'Planned' }, translate, user)).toBe(
      'statusChanged: [Mia] / [Dark mode] / [Planned]',
    );
    // Without a name or status, the fallbacks are the interface's words.
    expect(headlineText({ message: 'statusChanged', title: 'Dark mode' }, translate, user)).toBe(
      'statusChanged: (theTeam) / [Dark mode] / (newStatus)',
    );
  });

  it('leaves the text as it is without `user` (emails, the API)', () => {
    expect(headlineText({ message: 'comment', who: 'Mia', title: 'Dark mode' }, translate)).toBe('comment: Mia / Dark mode / (newStatus)');
  });
});
