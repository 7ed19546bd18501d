import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isolated, isolatedRich } from './bidi';

const html = (node: ReactNode) => renderToStaticMarkup(<>{node}</>);

describe('user text in a sentence of the interface', () => {
  it('puts each piece of user text in its own <bdi>, as text', () => {
    const markup = html(isolated((u) => `بواسطة ${u('Mia <b>Member</b>')} على ${u('Export.')}.`));
    expect(markup).toBe('بواسطة <bdi>Mia &lt;b&gt;Member&lt;/b&gt;</bdi> على <bdi>Export.</bdi>.');
  });

  it('leaves a sentence without user text as it is, and user text that looks like a marker as text', () => {
    expect(html(isolated(() => 'No status'))).toBe('No status');
    expect(html(isolated((u) => `by ${u('\uE0100\uE011')}`))).toBe('by <bdi>\uE0100\uE011</bdi>');
  });

  it('isolates user text inside the markup of a rich message', () => {
    const markup = html(isolatedRich((u, restore) => ['Merged into ', <strong key="l">{restore(`#2 ${u('Dark mode')}`)}</strong>]));
    expect(markup).toBe('Merged into <strong>#2 <bdi>Dark mode</bdi></strong>');
  });
});
