/**
 * Every /api/v1 route, for the OpenAPI document, and the route that serves that document.
 * Adding a route is one line here (a test fails when a file under src/pages/api/v1 is missing).
 * Paths write dynamic segments as `{name}`. The document's own route lives in this module, so
 * that listing every route, itself included, needs no import cycle.
 */
import { anyone } from '@/core/identity/policy';
import {
  consumeMagicLinkRoute,
  forgotPasswordRoute,
  magicLinkRoute,
  resetPasswordRoute,
  signInRoute,
  signOutRoute,
  signUpRoute,
  verifyEmailRoute,
} from '@/features/accounts/server/handlers';
import {
  webhookAttemptsRoute,
  webhookEnableRoute,
  webhookRedeliverRoute,
  webhookRoute,
  webhooksRoute,
  webhookSecretRoute,
  webhookTestRoute,
} from '@/features/webhooks/server/handlers';
import { identifyRoute, identifySecretRoute, identifySettingsRoute } from '@/features/identify/server/handlers';
import { adminSsoProviderRoute, adminSsoRoute, ssoStartRoute } from '@/features/accounts/server/sso-handlers';
import { widgetSessionRoute } from '@/features/widget/server/handlers';
import { setupRoute } from './setup-route';
import { eventsRoute } from '../live/events-route';
import { exportRoute as workspaceExportRoute, importRoute as workspaceImportRoute } from '../data/handlers';
import { changeEmailRoute, changePasswordRoute, exportRoute, localeRoute, meRoute } from '@/features/accounts/server/me-handlers';
import { apiKeyRoute, apiKeysRoute } from '@/features/api-keys/server/handlers';
import { auditRoute } from '@/features/audit/server/handlers';
import {
  adminChangelogEntryRoute,
  adminChangelogLabelsRoute,
  adminChangelogPublishRoute,
  adminChangelogRoute,
  adminChangelogScheduleRoute,
  adminChangelogUnpublishRoute,
} from '@/features/changelog/server/admin-handlers';
import { changelogEntryRoute, changelogRoute, changelogSubscriptionRoute } from '@/features/changelog/server/handlers';
import { boardReorderRoute, boardRoute, boardsRoute } from '@/features/boards/server/handlers';
import { commentRoute, postCommentsRoute } from '@/features/comments/server/handlers';
import { invitationsRoute, memberBanRoute, memberRoute, membersRoute, memberVerifyRoute } from '@/features/members/server/handlers';
import { boardMentionSuggestionsRoute, postMentionSuggestionsRoute } from '@/features/mentions/server/handlers';
import { insightsRoute } from '@/features/insights/server/handlers';
import { commentApprovalRoute, inboxRoute, postApprovalRoute, postPinRoute } from '@/features/moderation/server/handlers';
import { emailStatusRoute, outboxRoute } from '@/features/notifications/server/handlers';
import {
  markAllReadRoute,
  markReadRoute,
  myNotificationsRoute,
  preferencesRoute,
  unreadCountRoute,
  unsubscribeRoute,
} from '@/features/notifications/server/me-handlers';
import { markdownPreviewRoute, postRoute, postsRoute, similarPostsRoute } from '@/features/posts/server/handlers';
import { roadmapColumnRoute, roadmapRoute } from '@/features/roadmap/server/handlers';
import { adminBrandingRoute, adminSettingsRoute, workspaceRoute } from '@/features/settings/server/handlers';
import {
  attachmentRoute,
  attachmentsRoute,
  attachmentWebRoute,
  brandingImageRoute,
  brandingLargeImageRoute,
} from '@/features/attachments/server/handlers';
import { statusReorderRoute, statusesRoute, statusRoute } from '@/features/statuses/server/handlers';
import { postPropertiesRoute, postStatusRoute, postTagsRoute } from '@/features/posts/server/triage-handlers';
import {
  priorityWeightsRoute,
  triageBulkRoute,
  triageRoute,
  triageViewRoute,
  triageViewsRoute,
} from '@/features/posts/server/triage-list-handlers';
import { subscriptionRoute } from './post-subscription-route';
import { tagRoute, tagsRoute } from '@/features/tags/server/handlers';
import { mergeRoute, voteRoute, votersCsvRoute, votesRoute } from '@/features/votes/server/handlers';
import { buildOpenApiDocument, type ApiRouteEntry, type OpenApiDocument } from '@/server/http/openapi';
import { endpoint, json, route } from '@/server/http/route';
import { API_EXAMPLES } from './examples';
import { withExamples } from './examples/openapi';

let document: OpenApiDocument | undefined;

/** The document of every registered route, with each operation's example, built once per process. */
export function openApiDocument(): OpenApiDocument {
  document ??= withExamples(buildOpenApiDocument(API_ROUTES), API_EXAMPLES);
  return document;
}

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document (public: it describes the API, not its data). */
export const openApiRoute = route({
  GET: endpoint({
    authorize: anyone,
    openToVisitors: true,
    summary: 'The OpenAPI 3.1 document of this API',
    tags: ['Docs'],
    handle: () => json(openApiDocument(), 200, { 'cache-control': 'public, max-age=300' }),
  }),
});

export const API_ROUTES: readonly ApiRouteEntry[] = [
  { path: '/api/v1/admin/api-keys', route: apiKeysRoute },
  { path: '/api/v1/admin/api-keys/{id}', route: apiKeyRoute },
  { path: '/api/v1/admin/branding/{asset}', route: adminBrandingRoute },
  { path: '/api/v1/admin/changelog', route: adminChangelogRoute },
  { path: '/api/v1/admin/changelog/labels', route: adminChangelogLabelsRoute },
  { path: '/api/v1/admin/changelog/{id}', route: adminChangelogEntryRoute },
  { path: '/api/v1/admin/changelog/{id}/publish', route: adminChangelogPublishRoute },
  { path: '/api/v1/admin/changelog/{id}/schedule', route: adminChangelogScheduleRoute },
  { path: '/api/v1/admin/changelog/{id}/unpublish', route: adminChangelogUnpublishRoute },
  { path: '/api/v1/admin/email-status', route: emailStatusRoute },
  { path: '/api/v1/admin/identify', route: identifySettingsRoute },
  { path: '/api/v1/admin/identify/secret', route: identifySecretRoute },
  { path: '/api/v1/admin/insights', route: insightsRoute },
  { path: '/api/v1/admin/export', route: workspaceExportRoute },
  { path: '/api/v1/admin/import', route: workspaceImportRoute },
  { path: '/api/v1/admin/outbox', route: outboxRoute },
  { path: '/api/v1/admin/settings', route: adminSettingsRoute },
  { path: '/api/v1/admin/sso', route: adminSsoRoute },
  { path: '/api/v1/admin/sso/{provider}', route: adminSsoProviderRoute },
  { path: '/api/v1/attachments', route: attachmentsRoute },
  { path: '/api/v1/attachments/{id}', route: attachmentRoute },
  { path: '/api/v1/attachments/{id}/web', route: attachmentWebRoute },
  { path: '/api/v1/audit', route: auditRoute },
  { path: '/api/v1/auth/forgot-password', route: forgotPasswordRoute },
  { path: '/api/v1/auth/identify', route: identifyRoute },
  { path: '/api/v1/auth/magic-link', route: magicLinkRoute },
  { path: '/api/v1/auth/magic-link/consume', route: consumeMagicLinkRoute },
  { path: '/api/v1/auth/reset-password', route: resetPasswordRoute },
  { path: '/api/v1/auth/sign-in', route: signInRoute },
  { path: '/api/v1/auth/sign-out', route: signOutRoute },
  { path: '/api/v1/auth/sign-up', route: signUpRoute },
  { path: '/api/v1/auth/sso/{provider}', route: ssoStartRoute },
  { path: '/api/v1/auth/verify-email', route: verifyEmailRoute },
  { path: '/api/v1/boards', route: boardsRoute },
  { path: '/api/v1/branding/{id}', route: brandingImageRoute },
  { path: '/api/v1/branding/{id}/large', route: brandingLargeImageRoute },
  { path: '/api/v1/boards/reorder', route: boardReorderRoute },
  { path: '/api/v1/boards/{board}', route: boardRoute },
  { path: '/api/v1/boards/{board}/mention-suggestions', route: boardMentionSuggestionsRoute },
  { path: '/api/v1/changelog', route: changelogRoute },
  { path: '/api/v1/changelog/subscription', route: changelogSubscriptionRoute },
  { path: '/api/v1/changelog/{slug}', route: changelogEntryRoute },
  { path: '/api/v1/comments/{id}', route: commentRoute },
  { path: '/api/v1/comments/{id}/approval', route: commentApprovalRoute },
  { path: '/api/v1/inbox', route: inboxRoute },
  { path: '/api/v1/invitations', route: invitationsRoute },
  { path: '/api/v1/markdown/preview', route: markdownPreviewRoute },
  { path: '/api/v1/me', route: meRoute },
  { path: '/api/v1/me/email', route: changeEmailRoute },
  { path: '/api/v1/me/export', route: exportRoute },
  { path: '/api/v1/me/locale', route: localeRoute },
  { path: '/api/v1/me/notification-preferences', route: preferencesRoute },
  { path: '/api/v1/me/notifications', route: myNotificationsRoute },
  { path: '/api/v1/me/notifications/read-all', route: markAllReadRoute },
  { path: '/api/v1/me/notifications/unread-count', route: unreadCountRoute },
  { path: '/api/v1/me/notifications/{id}/read', route: markReadRoute },
  { path: '/api/v1/me/password', route: changePasswordRoute },
  { path: '/api/v1/members', route: membersRoute },
  { path: '/api/v1/members/{id}', route: memberRoute },
  { path: '/api/v1/members/{id}/ban', route: memberBanRoute },
  { path: '/api/v1/members/{id}/verify', route: memberVerifyRoute },
  { path: '/api/v1/openapi.json', route: openApiRoute },
  { path: '/api/v1/posts', route: postsRoute },
  { path: '/api/v1/posts/similar', route: similarPostsRoute },
  { path: '/api/v1/posts/{number}', route: postRoute },
  { path: '/api/v1/posts/{number}/comments', route: postCommentsRoute },
  { path: '/api/v1/posts/{number}/approval', route: postApprovalRoute },
  { path: '/api/v1/posts/{number}/mention-suggestions', route: postMentionSuggestionsRoute },
  { path: '/api/v1/posts/{number}/merge', route: mergeRoute },
  { path: '/api/v1/posts/{number}/pin', route: postPinRoute },
  { path: '/api/v1/posts/{number}/status', route: postStatusRoute },
  { path: '/api/v1/posts/{number}/properties', route: postPropertiesRoute },
  { path: '/api/v1/posts/{number}/subscription', route: subscriptionRoute },
  { path: '/api/v1/posts/{number}/tags', route: postTagsRoute },
  { path: '/api/v1/posts/{number}/vote', route: voteRoute },
  { path: '/api/v1/posts/{number}/votes', route: votesRoute },
  { path: '/api/v1/posts/{number}/votes.csv', route: votersCsvRoute },
  { path: '/api/v1/roadmap', route: roadmapRoute },
  { path: '/api/v1/events', route: eventsRoute },
  { path: '/api/v1/roadmap/{status}', route: roadmapColumnRoute },
  { path: '/api/v1/setup', route: setupRoute },
  { path: '/api/v1/statuses', route: statusesRoute },
  { path: '/api/v1/triage', route: triageRoute },
  { path: '/api/v1/triage/bulk', route: triageBulkRoute },
  { path: '/api/v1/triage/priority-weights', route: priorityWeightsRoute },
  { path: '/api/v1/triage/views', route: triageViewsRoute },
  { path: '/api/v1/triage/views/{id}', route: triageViewRoute },
  { path: '/api/v1/statuses/reorder', route: statusReorderRoute },
  { path: '/api/v1/statuses/{id}', route: statusRoute },
  { path: '/api/v1/tags', route: tagsRoute },
  { path: '/api/v1/tags/{id}', route: tagRoute },
  { path: '/api/v1/unsubscribe', route: unsubscribeRoute },
  { path: '/api/v1/widget/session', route: widgetSessionRoute },
  { path: '/api/v1/workspace', route: workspaceRoute },
  { path: '/api/v1/admin/webhooks', route: webhooksRoute },
  { path: '/api/v1/admin/webhooks/{id}', route: webhookRoute },
  { path: '/api/v1/admin/webhooks/{id}/attempts', route: webhookAttemptsRoute },
  { path: '/api/v1/admin/webhooks/{id}/deliveries/{delivery}/redeliver', route: webhookRedeliverRoute },
  { path: '/api/v1/admin/webhooks/{id}/enable', route: webhookEnableRoute },
  { path: '/api/v1/admin/webhooks/{id}/secret', route: webhookSecretRoute },
  { path: '/api/v1/admin/webhooks/{id}/test', route: webhookTestRoute },
];
