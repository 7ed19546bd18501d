/**
 * Who events are attributed to. The analytics distinct id is the library's random anonymous id,
 * or, once the accounts feature identifies a member, that member's opaque user id. Never an email
 * address: analytics data leaves the install, and an email is personal data that identifies a
 * person everywhere.
 */

/** Anything with an "@" between two non-empty parts is treated as an email address, encoded or not. */
export function looksLikeEmail(value: string): boolean {
  const decoded = safeDecode(value);
  return /[^\s@]@[^\s@]/.test(decoded) || /%40/i.test(value);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** An opaque user id: a uuid, a number, or a similar token of letters, digits, "_", "-", ".", ":". */
export function isOpaqueUserId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/.test(value) && !looksLikeEmail(value);
}

/** The last check before an event leaves the browser: an email-like distinct id is never sent. */
export function isSendableDistinctId(distinctId: unknown): boolean {
  if (distinctId === undefined || distinctId === null) return true;
  return typeof distinctId === 'string' && !looksLikeEmail(distinctId);
}
