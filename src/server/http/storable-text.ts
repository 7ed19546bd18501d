/**
 * Text that PostgreSQL can store. Its `text` type refuses U+0000 (NUL), and its `jsonb` type
 * refuses a UTF-16 surrogate without its pair (JSON.stringify writes one as `\ud800`); in a
 * `text` column such a surrogate would silently become U+FFFD. Neither is text anyone means to
 * send, so every string the server receives is checked here, once, before it can reach a query:
 * the API pipeline (route.ts) answers 422 VALIDATION_FAILED naming each field, and the page
 * wrapper (withShell) ignores such query parameters and shows 404 for such path segments.
 * Request headers need no check: Node's HTTP parser refuses control characters in them, and
 * decodes them as Latin-1, which holds no surrogates.
 */

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Contains a character that is not allowed (a NUL character or an unpaired surrogate).';

/** Whether PostgreSQL can store `s` as text and inside jsonb. */
export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/** At most this many fields are named, so a large hostile body gets a small answer. */
const MAX_FIELDS = 20;

/**
 * Every string inside `value` (object keys too, at any depth) that PostgreSQL cannot store,
 * as `{ [prefix + path]: message }`, the path written like the pipeline's zod field paths
 * (`tags.2`, `settings.name`). Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function unstorableTextFields(value: unknown, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  // Each entry keeps its parent rather than a copy of its path: a path is only spelled out for
  // the few strings reported, so a deep body costs linear time.
  type Entry = { value: unknown; key: string; parent: Entry | null };
  const name = (entry: Entry) => {
    const keys: string[] = [];
    for (let e: Entry | null = entry; e && e.parent; e = e.parent) keys.push(e.key);
    return prefix + (keys.length ? keys.reverse().join('.') : '_');
  };
  const stack: Entry[] = [{ value, key: '', parent: null }];
  let count = 0;
  while (stack.length > 0 && count < MAX_FIELDS) {
    const entry = stack.pop()!;
    const v = entry.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) {
        fields[name(entry)] = UNSTORABLE_TEXT_MESSAGE;
        count++;
      }
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: String(i), parent: entry });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const child: Entry = { value: (v as Record<string, unknown>)[key], key, parent: entry };
        if (isStorableText(key)) stack.push(child);
        else {
          fields[name(child)] = UNSTORABLE_TEXT_MESSAGE;
          count++;
        }
      }
    }
  }
  return fields;
}

/**
 * A page's query without the parameters PostgreSQL could not store (a repeated parameter keeps
 * its storable values), so a loader reads them as absent.
 */
export function storableQuery<Q extends Record<string, string | string[] | undefined>>(query: Q): Q {
  const kept: Record<string, string | string[] | undefined> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!isStorableText(key)) continue;
    if (Array.isArray(value)) {
      const values = value.filter(isStorableText);
      if (values.length > 0) kept[key] = values;
    } else if (value === undefined || isStorableText(value)) kept[key] = value;
  }
  return kept as Q;
}
