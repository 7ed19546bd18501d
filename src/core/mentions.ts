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
