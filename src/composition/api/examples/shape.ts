/**
 * Compares an example value with a real one by shape: the same kinds of value (null, boolean,
 * number, string, array, object), the same keys, recursively; values themselves (ids, dates,
 * text) are not compared. Arrays compare item by item as far as both go, and an example that
 * shows items must meet an answer that has some (and the reverse), so that a list's item shape is
 * always checked.
 */
const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

export function shapeDifferences(example: unknown, real: unknown, opts: { subset?: boolean } = {}, at = '$'): string[] {
  const ek = kindOf(example);
  const rk = kindOf(real);
  if (ek !== rk) return [`${at}: the example has ${ek}, the answer ${rk}`];
  if (ek === 'array') {
    const e = example as unknown[];
    const r = real as unknown[];
    if (e.length > 0 && r.length === 0) return [`${at}: the example shows items, the answer has none`];
    if (e.length === 0 && r.length > 0) return [`${at}: the answer has items, the example shows none`];
    return e.slice(0, r.length).flatMap((item, i) => shapeDifferences(item, r[i], opts, `${at}[${i}]`));
  }
  if (ek === 'object') {
    const e = example as Record<string, unknown>;
    const r = real as Record<string, unknown>;
    const out: string[] = [];
    for (const key of Object.keys(e)) {
      if (!(key in r)) out.push(`${at}.${key}: in the example, not in the answer`);
      else out.push(...shapeDifferences(e[key], r[key], opts, `${at}.${key}`));
    }
    if (!opts.subset) for (const key of Object.keys(r)) if (!(key in e)) out.push(`${at}.${key}: in the answer, not in the example`);
    return out;
  }
  return [];
}
