import compile from 'icu-minify/compile';

/**
 * A catalogue with every ICU message compiled ahead (icu-minify): what the browser receives and
 * formats with use-intl's format-only runtime (next.config.mjs aliases `use-intl/format-message`
 * to it), so the ICU parser and intl-messageformat never reach a page's JavaScript. A message
 * without arguments stays the same string.
 */
export type CompiledCatalogue = { readonly [key: string]: CompiledCatalogue | ReturnType<typeof compile> };

export function compileCatalogue(messages: object): CompiledCatalogue {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(messages)) {
    out[key] = typeof value === 'string' ? compile(value) : compileCatalogue(value as object);
  }
  return out as CompiledCatalogue;
}
