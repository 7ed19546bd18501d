/** The vote buttons' first state on a shared render (src/lib/personal.ts): the page's payload. */
import { createContext, useContext } from 'react';

/**
 * The person's votes on a shared render, for the vote buttons' first state; null on any other
 * page, whose posts carry the person's votes themselves.
 */
export const PersonalVotes = createContext<ReadonlySet<number> | null>(null);

/** Whether the person voted for this post, as the page first shows it. */
export function useFirstVoted(postNumber: number, voted: boolean): boolean {
  const mine = useContext(PersonalVotes);
  return mine ? mine.has(postNumber) : voted;
}
