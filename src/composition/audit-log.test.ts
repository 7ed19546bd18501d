/**
 * The audit log as admins read it: real actions through their API routes, then the log's
 * sentences, names and links (src/features/audit). Lives in the composition layer because it
 * drives several features.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditRoute } from '@/features/audit/server/handlers';
import { recordAudit } from '@/features/audit/server/service';
import type { AuditEventView } from '@/features/audit/schema';
import { sentenceText } from '@/features/audit/sentences';
import { memberBanRoute } from '@/features/members/server/handlers';
import { postStatusRoute } from '@/features/posts/server/triage-handlers';
import { statusesRoute, statusRoute } from '@/features/statuses/server/handlers';
import { mergeRoute } from '@/features/votes/server/handlers';
import { db } from '@/server/db/client';
import { auditEvents, rateLimits, users } from '@/server/db/schema';
import { createTestActor, type TestActor } from '@/test/actors';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';

useTestDatabase();

beforeEach(async () => {
  await db().delete(rateLimits);
  await db().delete(auditEvents);
});

async function log(admin: TestActor, limit = 20): Promise<AuditEventView[]> {
  const res = await callRoute<{ items: AuditEventView[] }>(auditRoute, { query: { limit: String(limit) }, as: admin });
  expect(res.status, res.text).toBe(200);
  return res.json.items;
}

const ok = (res: { status: number; text: string }) => expect(res.status, res.text).toBeLessThan(300);

describe('the audit log in words', () => {
  it('names people by their current name and links posts, people and statuses; uuids never show', async () => {
    const admin = await createTestActor('admin', { displayName: 'Ana Admin' });
    const bob = await createTestActor('member', { displayName: 'Bob Member' });
    const board = await insertBoard();
    const target = await insertPost(board.id, { title: 'Dark mode' });
    const duplicate = await insertPost(board.id, { title: 'Night theme' });
    const planned = await statusBySlug('planned');

    ok(
      await callRoute(postStatusRoute, {
        method: 'POST',
        params: { number: String(target.number) },
        body: { statusId: planned.id },
        as: admin,
      }),
    );
    ok(
      await callRoute(mergeRoute, {
        method: 'POST',
        params: { number: String(duplicate.number) },
        body: { into: target.number },
        as: admin,
      }),
    );
    ok(await callRoute(memberBanRoute, { method: 'POST', params: { id: bob.id }, as: admin }));
    const created = await callRoute<{ id: string }>(statusesRoute, {
      method: 'POST',
      body: { name: 'Maybe later', color: '#123456', category: 'open' },
      as: admin,
    });
    ok(created);
    ok(await callRoute(statusRoute, { method: 'DELETE', params: { id: created.json.id }, as: admin }));

    const items = await log(admin);
    const byAction = (a: string) => items.find((e) => e.action === a)!;
    expect(items.map((e) => e.action)).toEqual(['status.deleted', 'status.created', 'member.banned', 'post.merged', 'post.status_changed']);

    const status = byAction('post.status_changed');
    // The post had no status before: "set", not "changed from".
    expect(sentenceText(status.sentence)).toBe(`Ana Admin set the status of #${target.number} “Dark mode” to Planned`);
    const refs = status.sentence.filter((p) => p.t === 'ref');
    expect(refs).toEqual([
      { t: 'ref', v: 'Ana Admin', href: `/admin/members?q=${encodeURIComponent(admin.email)}` },
      { t: 'ref', v: `#${target.number} “Dark mode”`, href: `/p/${target.number}-dark-mode` },
    ]);
    expect(sentenceText(byAction('post.merged').sentence)).toBe(
      `Ana Admin merged #${duplicate.number} “Night theme” into #${target.number} “Dark mode”`,
    );
    expect(byAction('post.merged').related).toEqual({ text: `#${target.number} “Dark mode”`, href: `/p/${target.number}-dark-mode` });
    const banned = byAction('member.banned');
    expect(sentenceText(banned.sentence)).toBe('Ana Admin banned Bob Member');
    expect(banned.target).toMatchObject({ type: 'user', label: 'Bob Member', href: `/admin/members?q=${encodeURIComponent(bob.email)}` });
    // A deleted status keeps its name from the record, without a link.
    const deleted = byAction('status.deleted');
    expect(sentenceText(deleted.sentence)).toBe('Ana Admin deleted the status “Maybe later”');
    expect(deleted.target).toMatchObject({ label: '“Maybe later”', href: null });
    expect(sentenceText(byAction('status.created').sentence)).toBe('Ana Admin added the status “Maybe later”');

    const all = JSON.stringify(items.map((e) => e.sentence));
    for (const id of [admin.id, bob.id, created.json.id, target.id]) expect(all).not.toContain(id);
  });

  it('shows a deleted account as “Deleted user”, and current names rather than those recorded', async () => {
    const admin = await createTestActor('admin', { displayName: 'Ana Admin' });
    const gone = await createTestActor('moderator', { displayName: 'Gone Person' });
    const renamed = await createTestActor('member', { displayName: 'Old Name' });
    await recordAudit({
      actor: { id: gone.id, displayName: 'Gone Person' },
      action: 'member.banned',
      targetType: 'user',
      targetId: renamed.id,
    });
    await db().update(users).set({ displayName: 'New Name' }).where(eq(users.id, renamed.id));
    await db().update(users).set({ deletedAt: new Date(), displayName: 'Deleted user' }).where(eq(users.id, gone.id));
    const [event] = await log(admin, 1);
    expect(sentenceText(event!.sentence)).toBe('Deleted user banned New Name');
    expect(event!.actor).toEqual({ id: gone.id, label: 'Deleted user', href: null });
  });

  it('reads events whose target is gone or malformed, and account events done through a link, without failing', async () => {
    const admin = await createTestActor('admin', { displayName: 'Ana Admin' });
    const bob = await createTestActor('member', { displayName: 'Bob Member' });
    await recordAudit({ actor: null, action: 'user.password_reset', targetType: 'user', targetId: bob.id });
    await recordAudit({
      actor: { id: admin.id, displayName: 'Ana Admin' },
      action: 'post.deleted',
      targetType: 'post',
      targetId: 'not-a-number',
    });
    await recordAudit({
      actor: { id: admin.id, displayName: 'Ana Admin' },
      action: 'tag.updated',
      targetType: 'tag',
      targetId: "'; drop table x; --",
    });
    await recordAudit({
      actor: { id: admin.id, displayName: 'Ana Admin' },
      action: 'comment.deleted',
      targetType: 'comment',
      targetId: '99999999',
    });
    const items = await log(admin, 4);
    expect(items.map((e) => sentenceText(e.sentence))).toEqual([
      'Ana Admin deleted a comment that no longer exists',
      'Ana Admin changed the tag something that no longer exists',
      'Ana Admin deleted #not-a-number',
      'Bob Member reset their password with an emailed link',
    ]);
  });
});
