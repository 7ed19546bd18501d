import { describe, expect, it } from 'vitest';
import { flattenMarkdown, plainExcerpt, textPrefix } from './markdown-tree';

describe('excerpts keep the shape of the text', () => {
  it('separates list items with " · " and other blocks with " — ", joining the lines of a paragraph', () => {
    expect(flattenMarkdown('## Steps to reproduce\n\n1. Open the app and sign in\n2. Go to settings\n\nExpected: it saves')).toBe(
      'Steps to reproduce — Open the app and sign in · Go to settings — Expected: it saves',
    );
    expect(flattenMarkdown('First paragraph\nstill the first.\n\nSecond paragraph')).toBe(
      'First paragraph still the first. Second paragraph',
    );
    expect(flattenMarkdown('Steps:\n- one\n- two\n  continued\n* [x] three')).toBe('Steps: one · two continued · three');
    expect(flattenMarkdown('> a quote\n> goes on\n\nafter it')).toBe('a quote goes on — after it');
    expect(flattenMarkdown('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('a, b · 1, 2');
    expect(flattenMarkdown('**Bold** and `code`\n\n```js\nconst x = 1;\n```\n\n---\n\nend')).toBe('Bold and code — end');
    expect(flattenMarkdown('[a link](https://example.com) and ![an image](x.png)')).toBe('a link and an image');
  });

  it('passes search highlight markers through', () => {
    expect(flattenMarkdown('- one\n- \uE000two\uE001')).toBe('one · \uE000two\uE001');
  });

  it('cuts long text at a word, never leaving a separator at the end', () => {
    const cut = plainExcerpt(`${'word '.repeat(40)}\n\n- item`, 160);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(161);
    expect(plainExcerpt(`${'abcdefghi '.repeat(19)}\n\n- next`, 192)).not.toMatch(/[·—]…$/);
  });
});

describe('excerpts are cut at their logical end', () => {
  const latin = `This comes up often in our team. ${'We export the board every week and paste it into a report. '.repeat(6)}`;
  const arabic = `يتكرر هذا كثيرا في فريقنا. ${'نصدر اللوحة كل أسبوع ونلصقها في تقرير. '.repeat(8)}`;

  it('keeps the beginning of the text and puts the ellipsis after its last kept word, in either script', () => {
    for (const text of [latin, arabic]) {
      const cut = plainExcerpt(text, 160);
      expect(cut.endsWith('…')).toBe(true);
      expect(text.startsWith(cut.slice(0, -1))).toBe(true);
      expect(cut.startsWith(text.slice(0, 20))).toBe(true);
      // At a word boundary: what comes next in the text is a space.
      expect(text[cut.length - 1]).toBe(' ');
    }
  });

  it('never splits a character written as a surrogate pair', () => {
    const emoji = '🚀'.repeat(200);
    const cut = plainExcerpt(emoji, 161);
    expect(cut).toBe(`${'🚀'.repeat(80)}…`);
    expect(textPrefix('ab🚀', 3)).toBe('ab');
    expect(textPrefix('ab🚀', 4)).toBe('ab🚀');
  });
});
