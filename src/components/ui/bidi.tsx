import { Fragment, type ReactNode } from 'react';

/*
 * People's text keeps its own direction inside a sentence of the interface: an English title
 * in an Arabic sentence, or an Arabic name in an English one, is isolated in a <bdi> (docs/i18n.md,
 * "User text and the page's direction"). ICU inserts arguments as strings, so the sentence is
 * written with a private-use marker in place of each piece of user text, then split at the
 * markers. The markers never reach the page: catalogues hold no private-use characters, and user
 * text is put back from the list, not from the formatted string.
 */
const OPEN = '\uE010';
const CLOSE = '\uE011';
const MARKER = /\uE010(\d+)\uE011/g;

/** Stands for one piece of user text while the sentence is written. */
export type UserSlot = (text: string) => string;

/** Puts each marked piece of user text back, in a <bdi>, into strings (and arrays of them). */
function restorer(texts: readonly string[]) {
  let key = 0;
  const restore = (node: ReactNode): ReactNode => {
    if (Array.isArray(node)) return node.map((n: ReactNode) => restore(n));
    if (typeof node !== 'string') return node;
    const parts: ReactNode[] = [];
    let last = 0;
    for (const match of node.matchAll(MARKER)) {
      if (match.index > last) parts.push(node.slice(last, match.index));
      parts.push(<bdi key={`bdi-${key++}`}>{texts[Number(match[1])] ?? ''}</bdi>);
      last = match.index + match[0].length;
    }
    if (parts.length === 0) return node;
    if (last < node.length) parts.push(node.slice(last));
    return <Fragment key={`bidi-${key++}`}>{parts}</Fragment>;
  };
  return restore;
}

function slots(): { texts: string[]; user: UserSlot } {
  const texts: string[] = [];
  return {
    texts,
    user: (text) => {
      texts.push(text);
      return `${OPEN}${texts.length - 1}${CLOSE}`;
    },
  };
}

/**
 * A translated sentence with each piece of user text in its own <bdi>:
 * `isolated((u) => t('history.by', { name: u(person.displayName) }))`.
 */
export function isolated(write: (user: UserSlot) => string): ReactNode {
  const { texts, user } = slots();
  return restorer(texts)(write(user));
}

/**
 * The same for a message with markup (`t.rich`): a tag's chunks go through `restore` so the
 * user text inside a link is isolated too.
 */
export function isolatedRich(write: (user: UserSlot, restore: (chunks: ReactNode) => ReactNode) => ReactNode): ReactNode {
  const { texts, user } = slots();
  const restore = restorer(texts);
  return restore(write(user, restore));
}
