import { LOCALES, isLocale, type Locale } from './locales';

/** One entry of an Accept-Language header: a language range and its weight. */
export interface LanguageRange {
  tag: string;
  q: number;
}

/**
 * Parses `Accept-Language` (RFC 9110 §12.5.4): ranges with optional `;q=` weights, highest weight
 * first, ties in the order given. Malformed entries and `q=0` ("not acceptable") are dropped.
 */
export function parseAcceptLanguage(header: string | undefined | null): LanguageRange[] {
  if (!header) return [];
  const ranges: (LanguageRange & { at: number })[] = [];
  header
    .slice(0, 1000)
    .split(',')
    .forEach((part, at) => {
      const [rawTag, ...params] = part.trim().split(';');
      const tag = rawTag?.trim() ?? '';
      if (!/^(?:\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$/.test(tag)) return;
      let q = 1;
      for (const param of params) {
        const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
        if (m) q = Math.min(1, Number(m[1]));
        else if (/^\s*q\s*=/i.test(param)) q = -1;
      }
      if (q > 0) ranges.push({ tag, q, at });
    });
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map(({ tag, q }) => ({ tag, q }));
}

/** Our locale for one language range, or null: exact (case-insensitive), then by primary language. */
function matchRange(tag: string): Locale | null {
  const lower = tag.toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  // `pt`, `pt-PT` and `pt-BR-x-…` all reach pt-BR (our only Portuguese); `en-GB` reaches en; `ar-EG` reaches ar.
  const primary = lower.split('-')[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === primary) ?? null;
}

/**
 * The best of our locales for an Accept-Language header, or null when it names none of them
 * (the workspace default then applies). `*` accepts anything, which also leaves the choice to the
 * workspace default.
 */
export function negotiateLocale(header: string | undefined | null): Locale | null {
  for (const { tag } of parseAcceptLanguage(header)) {
    if (tag === '*') return null;
    const found = matchRange(tag);
    if (found) return found;
  }
  return null;
}

/**
 * The language of a page or an email, in order: the person's own setting (users.locale, or a
 * visitor's choice in the picker), then what their browser asks for, then the workspace default.
 */
export function chooseLocale(choice: { own?: string | null; acceptLanguage?: string | null; workspaceDefault: Locale }): Locale {
  if (isLocale(choice.own)) return choice.own;
  return negotiateLocale(choice.acceptLanguage) ?? choice.workspaceDefault;
}
