import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accentCss, accentPalette, contrast } from './accent';

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('accentPalette', () => {
  it('keeps a readable colour as it is in the light theme', () => {
    expect(accentPalette('#6D28D9').light.accent).toBe('#6d28d9');
  });

  it('darkens a pale colour for the light theme and lightens a dark one for the dark theme', () => {
    const yellow = accentPalette('#ffff00');
    expect(yellow.light.accent).not.toBe('#ffff00');
    expect(contrast(yellow.light.accent, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const navy = accentPalette('#000080');
    expect(contrast(navy.dark.accent, '#17141f')).toBeGreaterThanOrEqual(4.5);
  });

  it('always gives AA contrast for the accent on the page and its label on the accent', () => {
    fc.assert(
      fc.property(hexColour, (hex) => {
        const p = accentPalette(hex);
        expect(contrast(p.light.accent, '#fafafa')).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.light.accent, p.light.fg)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.dark.accent, '#17141f')).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.dark.accent, p.dark.fg)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });

  it('never lets anything but a hex colour into the CSS', () => {
    expect(accentCss('red;}body{display:none')).toBe(accentCss('#6d28d9'));
  });

  it('outranks the stylesheet’s own values, and leaves the default colour to them', () => {
    // The stylesheet sets :root and .dark; the page's head may put it after this style.
    expect(accentCss('#115e59')).toBe('html:root{--accent:#115e59;--accent-fg:#ffffff}html.dark{--accent:#548b87;--accent-fg:#0c0a12}');
    expect(accentCss('#6D28D9')).toBe('');
  });
});
