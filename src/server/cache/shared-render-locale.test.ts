import { describe, expect, it } from 'vitest';
import { audienceActor, audienceOf, sharedPageKey } from './shared-render';
import type { UserActor } from '@/server/identity/actor';

const member: UserActor = {
  kind: 'user',
  id: '00000000-0000-4000-8000-000000000001',
  role: 'member',
  displayName: 'Ann',
  email: 'ann@example.test',
  emailVerified: true,
  avatarUrl: null,
  sessionHash: 'x',
};

describe('shared renders are per language', () => {
  it('never share a render between people reading in different languages', () => {
    const german = audienceOf(member, 'de');
    const french = audienceOf(member, 'fr');
    expect(sharedPageKey(german, '/b/ideas')).not.toBe(sharedPageKey(french, '/b/ideas'));
    expect(sharedPageKey(german, '/b/ideas')).toBe(sharedPageKey(audienceOf({ ...member, id: 'other' }, 'de'), '/b/ideas'));
  });

  it('renders nobody of the audience in the audience’s language', () => {
    expect(audienceActor(audienceOf(member, 'ar')).locale).toBe('ar');
  });
});
