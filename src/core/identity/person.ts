/**
 * How a person appears to others. Someone who deleted their account (SPEC.md §4) is shown as
 * "Deleted user", with no id and no picture, wherever their posts, comments and votes remain.
 */
export const DELETED_PERSON_NAME = 'Deleted user';

export interface PersonView {
  /** Null for a deleted person. */
  id: string | null;
  displayName: string;
  avatarUrl: string | null;
}

/** A person as others see them; no row (null) or a deleted account gives the deleted person. */
export function presentPerson(
  person: { id: string; displayName: string | null; avatarUrl?: string | null; deleted: boolean } | null | undefined,
): PersonView {
  if (!person || person.deleted) return { id: null, displayName: DELETED_PERSON_NAME, avatarUrl: null };
  return { id: person.id, displayName: person.displayName ?? DELETED_PERSON_NAME, avatarUrl: person.avatarUrl ?? null };
}
