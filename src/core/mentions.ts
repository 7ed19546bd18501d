/**
 * Mentions in posts and comments (SPEC.md §7). The editor inserts a mention as a token that
 * names the person and carries their id, so a mention survives a change of display name and
 * never depends on guessing who a bare `@name` meant:
 *
 *     @[Ada Lovelace](user:6f1c…)
 *
 * The Markdown renderer shows a token as a mention; notifications read the ids from the text.
 * Browser-safe: the editor and the server share it.
 */

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** Matches one token: group 1 is the name as written, group 2 the user id. */
export const MENTION_PATTERN = new RegExp(`@\\[([^\\[\\]\\n]{1,80})\\]\\(user:(${UUID})\\)`, 'g');

/** At most this many people are notified from one post or comment; further tokens render but notify nobody. */
export const MAX_MENTIONS_PER_TEXT = 20;

/** The token for a person, with the characters a token cannot hold taken out of the name. */
export function mentionToken(name: string, userId: string): string {
  const clean =
    name
      .replace(/[[\]\n\r]/g, ' ')
      .trim()
      .slice(0, 80) || 'someone';
  return `@[${clean}](user:${userId})`;
}

/** The distinct user ids mentioned in `text`, in order of first mention, at most MAX_MENTIONS_PER_TEXT. */
export function extractMentionedUserIds(text: string): string[] {
  const ids: string[] = [];
  for (const m of text.matchAll(MENTION_PATTERN)) {
    const id = m[2]!.toLowerCase();
    if (!ids.includes(id)) ids.push(id);
    if (ids.length === MAX_MENTIONS_PER_TEXT) break;
  }
  return ids;
}

/** The link target of a token, as the Markdown parser reads it: `user:<uuid>`. */
export const MENTION_TARGET = new RegExp(`^user:(${UUID})$`);

/** A name as shown in a mention: at most this many characters (a token holds no more). */
export const MENTION_NAME_MAX = 80;

/**
 * The text with every token written as `@Name`, for plain-text contexts (excerpts, search
 * snippets, email bodies). Only whole tokens change; anything else is left as it was.
 */
export function mentionsToPlainText(text: string): string {
  return text.replace(MENTION_PATTERN, (_token, name: string) => `@${name}`);
}

/** A person the editor may offer after `@`: never an email address. */
export interface MentionSuggestion {
  id: string;
  displayName: string;
  avatarUrl: string | null;
}

/** The longest name fragment the editor looks up after `@` (display names hold at most 50). */
export const MENTION_QUERY_MAX = 50;

/**
 * The mention being typed at `caret`: an `@` at the start of the text or after whitespace or an
 * opening bracket, followed by at least one letter and then letters, digits, spaces (at most two
 * words' worth of them), `.`, `'`, `-` or `_`. Null when the caret is not in one.
 */
export function activeMentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(Math.max(0, caret - MENTION_QUERY_MAX - 1), caret);
  const m = /(^|[\s([{"'])@(\p{L}[\p{L}\p{N}.'_-]*(?: [\p{L}\p{N}.'_-]*){0,2})$/u.exec(before);
  if (!m) return null;
  const query = m[2]!;
  if (query.endsWith('  ') || query.length > MENTION_QUERY_MAX) return null;
  return { start: caret - query.length - 1, query };
}

/** The text with the `@query` at `start…caret` replaced by the person's token and a space; and the caret after it. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  person: { id: string; displayName: string },
): { text: string; caret: number } {
  const token = `${mentionToken(person.displayName, person.id)} `;
  const rest = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, start) + token + rest, caret: start + token.length };
}
