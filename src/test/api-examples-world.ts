/**
 * The workspace the API examples are checked in (src/composition/api/examples.test.ts): the
 * people, boards, posts, tags, statuses, changelog entries, files and emailed tokens that the
 * examples name, under the identifiers of src/composition/api/examples/ids.ts. Rows whose ids the
 * database generates (comments, notifications, saved views) and tokens map from the example's
 * value to the real one in `refs`. Webhook endpoints point at a receiver on 127.0.0.1 (the test
 * allows it through CHORUS_WEBHOOK_ALLOW_HOSTS), so the examples that send events reach a real
 * endpoint and nothing leaves the machine. Test-only.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { paths } from '@/config/paths';
import { db, queryRows } from '@/server/db/client';
import {
  apiKeys,
  auditEvents,
  changelogEntries,
  changelogEntryPosts,
  comments,
  companies,
  outbox,
  posts,
  ssoProviders,
  tags,
  triageViews,
  users,
  votes,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  workspaceSettings,
} from '@/server/db/schema';
import { newApiKey } from '@/server/identity/api-keys';
import { signTestIdentifyToken, installIdentifySecret } from './identify';
import { issueAuthToken } from '@/server/identity/tokens';
import { seal } from '@/server/crypto/secret-box';
import { createUnsubscribeToken } from '@/features/notifications/server/unsubscribe-token';
import { attachmentsRoute } from '@/features/attachments/server/handlers';
import { adminBrandingRoute } from '@/features/settings/server/handlers';
import { EXAMPLE_IDS as I, EXAMPLE_POSTS as P, EXAMPLE_REFS as R } from '@/composition/api/examples/ids';
import { createTestActor, type TestActor } from './actors';
import { insertBoard, insertPost } from './content';
import { callRoute } from './http';
import { startReceiver } from './webhook-receiver';
import type { ChangelogState } from '@/features/changelog/enums';

export interface ExampleWorld {
  actors: { member: TestActor; moderator: TestActor; admin: TestActor };
  /** Example value → the real value it stands for (ids the database generates, tokens). */
  refs: Map<string, string>;
  /** Stops the webhook receiver. */
  close: () => Promise<void>;
}

/** A small PNG, as a client would upload. */
export const examplePng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

const STATUS_IDS: Record<string, string> = {
  open: I.statusOpen,
  'under-review': I.statusUnderReview,
  planned: I.statusPlanned,
  'in-progress': I.statusInProgress,
  complete: I.statusComplete,
  closed: I.statusClosed,
};

export async function createExampleWorld(): Promise<ExampleWorld> {
  await db()
    .update(workspaceSettings)
    // One host product may embed the widget (the settings examples show it).
    .set({
      setupCompletedAt: new Date(),
      access: 'public',
      moderation: 'off',
      signupPolicy: 'open',
      widgetOrigins: ['https://app.example.com'],
    })
    .where(eq(workspaceSettings.id, 1));
  // The default statuses, under the examples' ids (nothing refers to them yet), and one more.
  for (const [slug, id] of Object.entries(STATUS_IDS)) await queryRows(sql`update statuses set id = ${id} where slug = ${slug}`);
  await queryRows(
    sql`insert into statuses (id, slug, name, color, category, position, on_roadmap)
        values (${I.statusNeedsInfo}, 'needs-info', 'Needs info', '#a16207', 'open', 6, false)`,
  );

  const ada = await createTestActor('member', { id: I.ada, email: 'ada@example.com', displayName: 'Ada Lovelace' });
  const grace = await createTestActor('admin', { id: I.grace, email: 'grace.admin@example.com', displayName: 'Grace Hopper' });
  const linus = await createTestActor('moderator', { id: I.linus, email: 'linus@example.com', displayName: 'Linus Pauling' });
  const ola = await createTestActor('member', { id: I.ola, email: 'ola@example.com', displayName: 'Ola Nordmann' });
  await createTestActor('member', { id: I.uma, email: 'uma@example.com', displayName: 'Uma Rao', unverified: true });
  await createTestActor('member', { id: I.pat, email: 'pat@example.com', displayName: 'Pat Kim' });
  const tom = await createTestActor('member', { email: 'tom@example.com', displayName: 'Tom Okafor' });
  // Tom's company, as his product's identify token named it (the export and the team's voter list show it).
  const [acme] = await db()
    .insert(companies)
    .values({ externalId: 'acme-42', name: 'Acme Rockets', monthlyRevenueCents: 499900 })
    .returning();
  await db().update(users).set({ externalId: 'cust-7', companyId: acme!.id }).where(eq(users.id, tom.id));

  const ideas = await insertBoard({ id: I.ideasBoard, slug: 'ideas', name: 'Ideas', description: 'What should we build next?' });
  await insertBoard({ id: I.bugsBoard, slug: 'bugs', name: 'Bugs', description: 'Something broken? Tell us.' });

  const darkMode = await insertPost(ideas.id, {
    number: P.darkMode,
    authorId: ola.id,
    title: 'Dark mode for the dashboard',
    body: 'The dashboard is too bright at night.',
    statusId: I.statusUnderReview,
  });
  await insertPost(ideas.id, { number: P.adasPost, authorId: ada.id, title: 'Export to CSV', body: 'Mine.' });
  await insertPost(ideas.id, { number: P.duplicate, authorId: ola.id, title: 'Night theme' });
  await insertPost(ideas.id, {
    number: P.merged,
    authorId: ola.id,
    title: 'Black background',
    mergedIntoId: darkMode.id,
    mergedAt: new Date(),
  });
  await insertPost(ideas.id, { number: P.pending, authorId: ola.id, title: 'Slack notifications', approval: 'pending' });
  await insertPost(ideas.id, { number: P.toDelete, authorId: ada.id, title: 'Typo in the footer' });
  await insertPost(ideas.id, { number: P.pinned, authorId: grace.id, title: 'Tell us what you need' });

  await db()
    .insert(votes)
    .values([ada, ola, tom].map((a) => ({ postId: darkMode.id, userId: a.id })));
  await db().update(posts).set({ voteCount: 3, commentCount: 2 }).where(eq(posts.id, darkMode.id));
  const [comment, commentToDelete, pendingComment] = await db()
    .insert(comments)
    .values([
      { postId: darkMode.id, authorId: ada.id, body: 'Yes, please: my eyes hurt at night.' },
      { postId: darkMode.id, authorId: ada.id, body: 'Posted twice, sorry.' },
      { postId: darkMode.id, authorId: ola.id, body: 'Any news?', approval: 'pending' },
    ])
    .returning();

  await db()
    .insert(tags)
    .values([
      { id: I.tagDashboard, name: 'Dashboard', color: '#0f766e' },
      { id: I.tagBilling, name: 'Billing', color: '#7c3aed' },
      { id: I.tagLegacy, name: 'Legacy', color: '#64748b' },
    ]);
  await queryRows(sql`insert into post_tags (post_id, tag_id) values (${darkMode.id}, ${I.tagDashboard})`);

  const entry = (id: string, slug: string, title: string, state: ChangelogState) => ({
    id,
    slug,
    title,
    body: `${title}.`,
    label: 'new',
    state,
    publishedAt: state === 'published' ? new Date() : null,
    authorId: grace.id,
  });
  await db()
    .insert(changelogEntries)
    .values([
      entry(I.entryPublished, 'dark-mode-is-here', 'Dark mode is here', 'published'),
      entry(I.entryDraft, 'csv-export', 'CSV export', 'draft'),
      entry(I.entryToUnpublish, 'faster-pages', 'Faster pages', 'published'),
      entry(I.entryToSchedule, 'slack-alerts', 'Slack alerts', 'draft'),
      entry(I.entryToDelete, 'old-draft', 'An old draft', 'draft'),
    ]);
  await db().insert(changelogEntryPosts).values({ entryId: I.entryPublished, postId: darkMode.id });

  const [notification] = await queryRows<{ id: number }>(
    sql`insert into notifications (recipient_id, kind, actor_id, post_id, comment_id, data)
        values (${ada.id}, 'comment', ${ola.id}, ${darkMode.id}, ${comment!.id}, ${JSON.stringify(notificationData(comment!.id))}::jsonb)
        returning id`,
  );
  const [view] = await db()
    .insert(triageViews)
    .values({ userId: linus.id, name: 'Top untriaged', query: 'show=untriaged&sort=votes' })
    .returning();
  await db()
    .insert(outbox)
    .values({
      recipient: ada.email,
      kind: 'comment',
      subject: 'New comment on Dark mode',
      payload: { text: 'Ola commented.', html: '<p>Ola commented.</p>' },
    });
  await db()
    .insert(auditEvents)
    .values({ actorId: grace.id, actorLabel: grace.displayName, action: 'settings.updated', targetType: 'workspace' });

  // Pending invitations (an invitation is an `invite` token; its id is in the token's data).
  const invite = (invitationId: string, email: string, role: string) =>
    issueAuthToken(db(), 'invite', { userId: null, email, data: { role, invitationId, invitedBy: grace.id } });
  await invite(I.invitation, 'sam@example.com', 'moderator');
  await invite(I.invitationToResend, 'kim@example.com', 'member');
  await invite(I.invitationToRevoke, 'lee@example.com', 'member');

  // An API key, and webhook endpoints with a delivered event and its attempt.
  const key = newApiKey();
  await db()
    .insert(apiKeys)
    .values({ id: I.apiKey, name: 'Zapier sync', scope: 'write', prefix: key.prefix, secretHash: key.secretHash, createdById: grace.id });
  const receiver = await startReceiver();
  const hook = (id: string, description: string) => ({
    id,
    url: receiver.url(),
    description,
    events: ['post.created', 'vote.created'],
    secret: `whsec_example_${id}`,
    createdById: grace.id,
  });
  await db()
    .insert(webhookEndpoints)
    .values([
      hook(I.webhook, 'CRM sync'),
      { ...hook(I.webhookDisabled, 'Old dashboard'), disabledAt: new Date(), disabledReason: 'Disabled after 8 failed attempts' },
      hook(I.webhookToDelete, 'Staging'),
    ]);
  const sentAt = new Date();
  const payload = { id: I.webhookEvent, type: 'vote.created', createdAt: sentAt.toISOString(), data: { post: { number: P.darkMode } } };
  await db().insert(webhookDeliveries).values({
    id: I.webhookDelivery,
    endpointId: I.webhook,
    eventId: I.webhookEvent,
    eventType: 'vote.created',
    payload,
    state: 'delivered',
    attempts: 1,
    finishedAt: sentAt,
  });
  await db().insert(webhookAttempts).values({
    deliveryId: I.webhookDelivery,
    endpointId: I.webhook,
    attempt: 1,
    startedAt: sentAt,
    durationMs: 84,
    statusCode: 204,
    ok: true,
  });

  // Files, uploaded as a client would.
  const png = await examplePng();
  const upload = await callRoute<{ id: string }>(attachmentsRoute, {
    method: 'POST',
    as: ada,
    origin: 'self',
    query: { filename: 'screenshot.png' },
    rawBody: png,
    headers: { 'content-type': 'image/png' },
  });
  const logo = await callRoute<{ logo: { id: string } | null }>(adminBrandingRoute, {
    method: 'PUT',
    as: grace,
    origin: 'self',
    params: { asset: 'logo' },
    rawBody: png,
    headers: { 'content-type': 'image/png' },
  });
  await callRoute(adminBrandingRoute, {
    method: 'PUT',
    as: grace,
    origin: 'self',
    params: { asset: 'favicon' },
    rawBody: png,
    headers: { 'content-type': 'image/png' },
  });
  if (upload.status !== 201) throw new Error(`example world: the upload answered ${upload.status} ${upload.text}`);
  if (logo.status !== 200) throw new Error(`example world: the logo answered ${logo.status} ${logo.text}`);
  // The screenshot is shown on the dark mode post, so anyone who may read the post may see it.
  await queryRows(sql`update attachments set post_id = ${darkMode.id} where id = ${upload.json.id}`);

  // Single sign-on through GitHub and Google (the examples test sets CHORUS_SECRET_KEY).
  await db()
    .insert(ssoProviders)
    .values([
      {
        id: 'github',
        label: 'GitHub',
        clientId: 'Iv23liExampleClientId',
        clientSecretSealed: seal('github example secret', 'sso_providers:github:client_secret'),
        scopes: 'read:user user:email',
      },
      {
        id: 'google',
        label: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: '123456789-example.apps.googleusercontent.com',
        clientSecretSealed: seal('google example secret', 'sso_providers:google:client_secret'),
        scopes: 'openid email profile',
      },
    ]);

  const identifySecret = await installIdentifySecret();
  const refs = new Map<string, string>([
    [I.attachment, upload.json.id],
    [I.logo, findId(logo.json, 'logo')],
    [R.comment, String(comment!.id)],
    [R.commentToDelete, String(commentToDelete!.id)],
    [R.pendingComment, String(pendingComment!.id)],
    [R.notification, String(notification!.id)],
    [R.triageView, String(view!.id)],
    [R.resetToken, await issueAuthToken(db(), 'reset_password', { userId: tom.id, email: tom.email })],
    [R.magicToken, await issueAuthToken(db(), 'magic_link', { userId: tom.id, email: tom.email })],
    [R.verifyToken, await issueAuthToken(db(), 'verify_email', { userId: tom.id, email: tom.email })],
    [R.unsubscribeToken, await createUnsubscribeToken(db(), { userId: ada.id, kinds: 'all' })],
    [R.webhookUrl, receiver.url()],
    [R.identifyToken, await signTestIdentifyToken(identifySecret, { sub: 'cust-42', email: 'maya@example.com', name: 'Maya Patel' })],
    [
      R.widgetIdentifyToken,
      await signTestIdentifyToken(identifySecret, { sub: 'cust-43', email: 'jonas@example.com', name: 'Jonas Berg' }),
    ],
  ]);
  return { actors: { member: ada, moderator: linus, admin: grace }, refs, close: receiver.close };
}

/** What a comment notification carries, as the notification job writes it. */
const notificationData = (commentId: number) => ({
  message: 'comment',
  who: 'Ola Nordmann',
  title: 'Dark mode for the dashboard',
  number: P.darkMode,
  path: paths.post(P.darkMode, undefined, commentId),
  excerpt: 'Any news?',
});

/** The id of the branding asset in the settings answer (its shape is the route's). */
function findId(settings: unknown, asset: string): string {
  const text = JSON.stringify(settings);
  const m =
    new RegExp(`"${asset}[^"]*":\\{[^}]*"id":"([0-9a-f-]{36})"`).exec(text) ?? new RegExp(`/api/v1/branding/([0-9a-f-]{36})`).exec(text);
  if (!m) throw new Error(`example world: no ${asset} id in ${text}`);
  return m[1]!;
}
