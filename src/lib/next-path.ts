/** Longer values fall back: a real page address is never this long. */
const MAX_LENGTH = 2000;

/**
 * Resolves against this origin when the caller gives none: a path that starts with a single
 * "/" stays on whatever origin it is resolved against, so any origin decides the same.
 */
const PLACEHOLDER_ORIGIN = 'http://chorus.invalid';

/**
 * Where to go after signing in, or any other redirect built from user input. Only a same-origin
 * path is accepted, and it is returned in the form the WHATWG URL parser (the browser's) gives
 * it, so it is always ASCII and safe as a `Location` header:
 * - it must start with a single "/" and hold no backslash or control character: the parser
 *   reads "/\evil.example" as "//evil.example", drops tabs and newlines ("/\t/evil.example"),
 *   and "//evil.example" is another host;
 * - resolved against the site's origin, it must stay on that origin, and its path must not
 *   begin with "//" ("/.//evil.example" resolves to "//evil.example");
 * - non-ASCII characters come back percent-encoded ("/。evil.example" → "/%E3%80%82evil.example").
 * Anything else falls back, so it can never be an open redirect.
 */
export function safeNextPath(value: unknown, fallback = '/', origin = PLACEHOLDER_ORIGIN): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (path.startsWith('//') || path.length > MAX_LENGTH || !/^[\x21-\x7e]*$/.test(path)) return fallback;
  return path;
}
