/**
 * The catalogues' safety net: every language has every key of the source (English) and nothing
 * else, every message parses as ICU, and uses the same arguments and tags as the English one
 * (a translation that drops `{email}` or renames `<strong>` would show the wrong thing).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '@/core/i18n/locales';

const DIR = fileURLToPath(new URL('./messages', import.meta.url));
type Tree = { [key: string]: string | Tree };
const namespacesOf = (locale: string) =>
  readdirSync(path.join(DIR, locale))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
/** One language's catalogue: its folder's namespace files, as the index puts them together. */
const load = (locale: string): Tree =>
  Object.fromEntries(
    namespacesOf(locale).map((ns) => [ns, JSON.parse(readFileSync(path.join(DIR, locale, `${ns}.json`), 'utf8')) as Tree]),
  );

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') for (const [k, v] of flatten(value, at)) out.set(k, v);
    else out.set(at, value);
  }
  return out;
}

/** The arguments (with their kind) and tags a message uses, plural and select branches included. */
function signature(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
        into.add(`arg:${el.value}`);
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into.add(`${TYPE[el.type]}:${el.value}`);
        break;
      case TYPE.plural:
      case TYPE.select:
        into.add(`${TYPE[el.type]}:${el.value}`);
        for (const option of Object.values(el.options)) signature(option.value, into);
        break;
      case TYPE.tag:
        into.add(`tag:${el.value}`);
        signature(el.children, into);
        break;
      default:
        break;
    }
  }
  return into;
}

const source = flatten(load(SOURCE_LOCALE));

describe('the message catalogues', () => {
  it('are one folder per supported language, and nothing else', () => {
    expect(readdirSync(DIR).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s: the same namespace files as English, and an index that puts all of them together', async (locale) => {
    expect(namespacesOf(locale)).toEqual(namespacesOf(SOURCE_LOCALE));
    // @ts-expect-error: a plain script without types
    const { indexOf } = (await import('../../scripts/i18n-index.mjs')) as { indexOf: (folder: string) => string };
    expect(readFileSync(path.join(DIR, locale, 'index.ts'), 'utf8'), 'run npm run i18n:index').toBe(indexOf(path.join(DIR, locale)));
  });

  it.each(LOCALES.filter((l) => l !== SOURCE_LOCALE))('%s has exactly the keys of English', (locale) => {
    const keys = [...flatten(load(locale)).keys()];
    const missing = [...source.keys()].filter((k) => !keys.includes(k));
    const extra = keys.filter((k) => !source.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LOCALES)('%s: every message is a non-empty string that parses as ICU, with the arguments and tags of English', (locale) => {
    const problems: string[] = [];
    for (const [key, message] of flatten(load(locale))) {
      if (typeof message !== 'string' || message.trim() === '') {
        problems.push(`${key}: not a message`);
        continue;
      }
      let parsed: MessageFormatElement[];
      try {
        parsed = parse(message);
      } catch (err) {
        problems.push(`${key}: ${(err as Error).message}`);
        continue;
      }
      const english = source.get(key);
      if (typeof english !== 'string') continue;
      const want = [...signature(parse(english))].sort();
      const got = [...signature(parsed)].sort();
      if (JSON.stringify(want) !== JSON.stringify(got)) problems.push(`${key}: uses ${got.join(', ')}; English uses ${want.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('are translations: no language but English repeats most of English word for word', () => {
    for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
      const own = flatten(load(locale));
      const same = [...source].filter(([k, v]) => own.get(k) === v && typeof v === 'string' && /[a-z]{4}/.test(v)).map(([k]) => k);
      // A few words are the same in some languages (a product name, "Status", "Roadmap", "Webhooks").
      expect(same.length, `${locale} copies English: ${same.join(', ')}`).toBeLessThan(5 + source.size * 0.03);
    }
  });
});
