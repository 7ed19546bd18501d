import { describe, expect, it } from 'vitest';
import { DELETED_PERSON_NAME, presentPerson } from './person';

describe('presentPerson', () => {
  it('shows a person as they are', () => {
    expect(presentPerson({ id: 'u1', displayName: 'Ana', avatarUrl: 'https://example.com/a.png', deleted: false })).toEqual({
      id: 'u1',
      displayName: 'Ana',
      avatarUrl: 'https://example.com/a.png',
    });
  });

  it('shows a deleted account, or a missing one, as the deleted person: no id, no picture', () => {
    const gone = { id: null, displayName: DELETED_PERSON_NAME, avatarUrl: null };
    expect(presentPerson({ id: 'u1', displayName: 'Ana', avatarUrl: 'https://example.com/a.png', deleted: true })).toEqual(gone);
    expect(presentPerson(null)).toEqual(gone);
    expect(presentPerson(undefined)).toEqual(gone);
  });
});
