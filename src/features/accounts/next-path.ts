/**
 * Where to go after signing in. Only a same-origin relative path is accepted: it starts with
 * a single "/", and holds no backslash or control character (browsers read "/\evil.example"
 * and "//evil.example" as another host). Anything else falls back, so `?next=` can never be an
 * open redirect.
 */
export function safeNextPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}
