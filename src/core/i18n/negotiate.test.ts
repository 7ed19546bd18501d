import { describe, expect, it } from 'vitest';
import { chooseLocale, negotiateLocale, parseAcceptLanguage } from './negotiate';

describe('parseAcceptLanguage: ranges by weight (RFC 9110 §12.5.4)', () => {
  it('orders by q-value, keeping the given order among equals, and drops q=0 and malformed entries', () => {
    expect(parseAcceptLanguage('fr;q=0.4, de-CH, en;q=0.9, ja;q=0, es;q=0.4, <script>, it;q=2')).toEqual([
      { tag: 'de-CH', q: 1 },
      { tag: 'en', q: 0.9 },
      { tag: 'fr', q: 0.4 },
      { tag: 'es', q: 0.4 },
    ]);
  });

  it('reads nothing from an absent or empty header', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });
});

describe('negotiateLocale: the best of our languages for a browser', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    // Weights decide, not the order written.
    ['en;q=0.5, fr;q=0.8', 'fr'],
    ['fr-CA;q=0.2, ja-JP', 'ja'],
    // Portuguese: pt-BR exactly, and any other Portuguese reaches our only one.
    ['pt-BR', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT,pt;q=0.9', 'pt-BR'],
    // Arabic of any region.
    ['ar', 'ar'],
    ['ar-EG,ar;q=0.9,en;q=0.5', 'ar'],
    // A language we lack falls through to the next acceptable one.
    ['it-IT, nl;q=0.9, es;q=0.1', 'es'],
    ['es-419', 'es'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it('leaves the choice to the workspace default when nothing matches or anything goes', () => {
    expect(negotiateLocale('it, nl;q=0.5')).toBeNull();
    expect(negotiateLocale('*')).toBeNull();
    expect(negotiateLocale('de;q=0')).toBeNull();
    expect(negotiateLocale(undefined)).toBeNull();
  });
});

describe('chooseLocale: the setting, then the browser, then the workspace default', () => {
  it('takes the person’s own setting over Accept-Language', () => {
    expect(chooseLocale({ own: 'ja', acceptLanguage: 'de', workspaceDefault: 'fr' })).toBe('ja');
  });
  it('takes Accept-Language when there is no setting', () => {
    expect(chooseLocale({ own: null, acceptLanguage: 'de', workspaceDefault: 'fr' })).toBe('de');
  });
  it('falls back to the workspace default, and ignores a setting that is not one of ours', () => {
    expect(chooseLocale({ own: 'xx', acceptLanguage: 'it', workspaceDefault: 'fr' })).toBe('fr');
    expect(chooseLocale({ workspaceDefault: 'ar' })).toBe('ar');
  });
});
