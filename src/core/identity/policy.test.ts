import { describe, expect, it } from 'vitest';
import {
  canAdminister,
  canBan,
  canDeleteContent,
  canEditContent,
  canEnterTeamArea,
  canManageOwnAccount,
  canModerate,
  canParticipate,
  canReadBoard,
  canReadWorkspace,
  canWriteChangelog,
  MEMBER_EDIT_WINDOW_MS,
  type Decision,
  type PolicyActor,
} from './policy';

const visitor: PolicyActor = { kind: 'visitor' };
const member: PolicyActor = { kind: 'user', id: 'm1', role: 'member' };
const moderator: PolicyActor = { kind: 'user', id: 'mod1', role: 'moderator' };
const admin: PolicyActor = { kind: 'user', id: 'a1', role: 'admin' };
const ACTORS = { visitor, member, moderator, admin };
type Row = Record<keyof typeof ACTORS, Decision>;

function expectRow(check: (a: PolicyActor) => Decision, row: Row) {
  for (const [name, actor] of Object.entries(ACTORS)) {
    expect(check(actor), name).toBe(row[name as keyof typeof ACTORS]);
  }
}

const publicWs = { access: 'public' as const };
const privateWs = { access: 'sign_in_required' as const };
const now = new Date('2026-11-20T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('SPEC.md §6, one row at a time', () => {
  it('read public boards, roadmap, changelog', () => {
    expectRow((a) => canReadWorkspace(a, publicWs), { visitor: 'allow', member: 'allow', moderator: 'allow', admin: 'allow' });
    expectRow((a) => canReadWorkspace(a, privateWs), { visitor: 'unauthenticated', member: 'allow', moderator: 'allow', admin: 'allow' });
  });

  it('read a private board: granted members and the team; hidden (404) from everyone else', () => {
    const board = { visibility: 'private' as const, grantedUserIds: [] };
    expectRow((a) => canReadBoard(a, board, publicWs), { visitor: 'hidden', member: 'hidden', moderator: 'allow', admin: 'allow' });
    expectRow((a) => canReadBoard(a, { ...board, grantedUserIds: ['m1'] }, publicWs), {
      visitor: 'hidden',
      member: 'allow',
      moderator: 'allow',
      admin: 'allow',
    });
    expectRow((a) => canReadBoard(a, board, privateWs), {
      visitor: 'unauthenticated',
      member: 'hidden',
      moderator: 'allow',
      admin: 'allow',
    });
    expectRow((a) => canReadBoard(a, { visibility: 'public' }, publicWs), {
      visitor: 'allow',
      member: 'allow',
      moderator: 'allow',
      admin: 'allow',
    });
  });

  it('post, vote, comment, subscribe (board posting policy permitting)', () => {
    expectRow((a) => canParticipate(a, { posting: 'members', archived: false }), {
      visitor: 'unauthenticated',
      member: 'allow',
      moderator: 'allow',
      admin: 'allow',
    });
    expectRow((a) => canParticipate(a, { posting: 'team', archived: false }), {
      visitor: 'unauthenticated',
      member: 'forbidden',
      moderator: 'allow',
      admin: 'allow',
    });
    expectRow((a) => canParticipate(a, { posting: 'members', archived: true }), {
      visitor: 'unauthenticated',
      member: 'forbidden',
      moderator: 'forbidden',
      admin: 'forbidden',
    });
  });

  it('edit own post or comment: members for 30 minutes and until a status change; the team always', () => {
    const own = (a: PolicyActor, createdAt: Date, statusChangedAt: Date | null = null) =>
      canEditContent(
        a,
        { authorId: a.kind === 'user' ? a.id : null, authorRole: a.kind === 'user' ? a.role : null, createdAt, statusChangedAt },
        now,
      );
    expectRow((a) => own(a, minutesAgo(5)), { visitor: 'unauthenticated', member: 'allow', moderator: 'allow', admin: 'allow' });
    expectRow((a) => own(a, minutesAgo(31)), { visitor: 'unauthenticated', member: 'forbidden', moderator: 'allow', admin: 'allow' });
    expectRow((a) => own(a, minutesAgo(5), minutesAgo(1)), {
      visitor: 'unauthenticated',
      member: 'forbidden',
      moderator: 'allow',
      admin: 'allow',
    });
    // Exactly at the edge of the window still counts as within it.
    expect(canEditContent(member, { authorId: 'm1', createdAt: new Date(now.getTime() - MEMBER_EDIT_WINDOW_MS) }, now)).toBe('allow');
  });

  it("edit anyone's content: the team, but moderators not admins'", () => {
    const byMember = { authorId: 'someone', authorRole: 'member' as const, createdAt: minutesAgo(1) };
    const byAdmin = { authorId: 'other-admin', authorRole: 'admin' as const, createdAt: minutesAgo(1) };
    expectRow((a) => canEditContent(a, byMember, now), {
      visitor: 'unauthenticated',
      member: 'forbidden',
      moderator: 'allow',
      admin: 'allow',
    });
    expectRow((a) => canEditContent(a, byAdmin, now), {
      visitor: 'unauthenticated',
      member: 'forbidden',
      moderator: 'forbidden',
      admin: 'allow',
    });
  });

  it("delete own content: any signed-in author; anyone's: the team, moderators not admins'", () => {
    expectRow((a) => canDeleteContent(a, { authorId: a.kind === 'user' ? a.id : 'x', createdAt: minutesAgo(600) }), {
      visitor: 'unauthenticated',
      member: 'allow',
      moderator: 'allow',
      admin: 'allow',
    });
    expectRow((a) => canDeleteContent(a, { authorId: 'someone', authorRole: 'member', createdAt: minutesAgo(1) }), {
      visitor: 'unauthenticated',
      member: 'forbidden',
      moderator: 'allow',
      admin: 'allow',
    });
    expectRow((a) => canDeleteContent(a, { authorId: 'other-admin', authorRole: 'admin', createdAt: minutesAgo(1) }), {
      visitor: 'unauthenticated',
      member: 'forbidden',
      moderator: 'forbidden',
      admin: 'allow',
    });
  });

  it('set status, tags, pin, merge, approve, internal notes, vote on behalf', () => {
    expectRow(canModerate, { visitor: 'unauthenticated', member: 'forbidden', moderator: 'allow', admin: 'allow' });
  });

  it('ban members: the team; moderators members only (not moderators, not admins); nobody themselves', () => {
    expectRow((a) => canBan(a, { id: 'target', role: 'member' }), {
      visitor: 'unauthenticated',
      member: 'forbidden',
      moderator: 'allow',
      admin: 'allow',
    });
    expectRow((a) => canBan(a, { id: 'target', role: 'moderator' }), {
      visitor: 'unauthenticated',
      member: 'forbidden',
      moderator: 'forbidden',
      admin: 'allow',
    });
    expectRow((a) => canBan(a, { id: 'target', role: 'admin' }), {
      visitor: 'unauthenticated',
      member: 'forbidden',
      moderator: 'forbidden',
      admin: 'allow',
    });
    expect(canBan(admin, { id: 'a1', role: 'admin' })).toBe('forbidden');
    expect(canBan(moderator, { id: 'mod1', role: 'moderator' })).toBe('forbidden');
  });

  it('write and publish changelog', () => {
    expectRow(canWriteChangelog, { visitor: 'unauthenticated', member: 'forbidden', moderator: 'allow', admin: 'allow' });
  });

  it('boards, statuses, roles, settings, API keys, webhooks, data, audit', () => {
    expectRow(canAdminister, { visitor: 'unauthenticated', member: 'forbidden', moderator: 'forbidden', admin: 'allow' });
  });

  it('the team area and one’s own account', () => {
    expectRow(canEnterTeamArea, { visitor: 'unauthenticated', member: 'forbidden', moderator: 'allow', admin: 'allow' });
    expectRow(canManageOwnAccount, { visitor: 'unauthenticated', member: 'allow', moderator: 'allow', admin: 'allow' });
  });
});
