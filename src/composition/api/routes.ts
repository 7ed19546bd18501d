// Written by scripts/api-routes.mjs from the files under src/pages/api/v1; do not edit.
import * as apiPostSubscriptionRoute from '@/composition/api/post-subscription-route';
import * as apiSetupRoute from '@/composition/api/setup-route';
import * as dataHandlers from '@/composition/data/handlers';
import * as liveEventsRoute from '@/composition/live/events-route';
import * as accountsHandlers from '@/features/accounts/server/handlers';
import * as accountsMeHandlers from '@/features/accounts/server/me-handlers';
import * as accountsSsoHandlers from '@/features/accounts/server/sso-handlers';
import * as apiKeysHandlers from '@/features/api-keys/server/handlers';
import * as attachmentsHandlers from '@/features/attachments/server/handlers';
import * as auditHandlers from '@/features/audit/server/handlers';
import * as boardsHandlers from '@/features/boards/server/handlers';
import * as changelogAdminHandlers from '@/features/changelog/server/admin-handlers';
import * as changelogHandlers from '@/features/changelog/server/handlers';
import * as commentsHandlers from '@/features/comments/server/handlers';
import * as identifyHandlers from '@/features/identify/server/handlers';
import * as insightsHandlers from '@/features/insights/server/handlers';
import * as membersHandlers from '@/features/members/server/handlers';
import * as mentionsHandlers from '@/features/mentions/server/handlers';
import * as moderationHandlers from '@/features/moderation/server/handlers';
import * as notificationsHandlers from '@/features/notifications/server/handlers';
import * as notificationsMeHandlers from '@/features/notifications/server/me-handlers';
import * as postsHandlers from '@/features/posts/server/handlers';
import * as postsTriageHandlers from '@/features/posts/server/triage-handlers';
import * as postsTriageListHandlers from '@/features/posts/server/triage-list-handlers';
import * as roadmapHandlers from '@/features/roadmap/server/handlers';
import * as settingsHandlers from '@/features/settings/server/handlers';
import * as statusesHandlers from '@/features/statuses/server/handlers';
import * as tagsHandlers from '@/features/tags/server/handlers';
import * as votesHandlers from '@/features/votes/server/handlers';
import * as webhooksHandlers from '@/features/webhooks/server/handlers';
import * as widgetHandlers from '@/features/widget/server/handlers';

/** Every route served under src/pages/api/v1 but the OpenAPI document’s own (the registry adds it), by path. */
export const PAGE_ROUTES = [
  apiKeysHandlers.apiKeysRoute,
  apiKeysHandlers.apiKeyRoute,
  settingsHandlers.adminBrandingRoute,
  changelogAdminHandlers.adminChangelogRoute,
  changelogAdminHandlers.adminChangelogEntryRoute,
  changelogAdminHandlers.adminChangelogPublishRoute,
  changelogAdminHandlers.adminChangelogScheduleRoute,
  changelogAdminHandlers.adminChangelogUnpublishRoute,
  changelogAdminHandlers.adminChangelogLabelsRoute,
  notificationsHandlers.emailStatusRoute,
  dataHandlers.exportRoute,
  identifyHandlers.identifySettingsRoute,
  identifyHandlers.identifySecretRoute,
  dataHandlers.importRoute,
  insightsHandlers.insightsRoute,
  notificationsHandlers.outboxRoute,
  settingsHandlers.adminSettingsRoute,
  accountsSsoHandlers.adminSsoRoute,
  accountsSsoHandlers.adminSsoProviderRoute,
  webhooksHandlers.webhooksRoute,
  webhooksHandlers.webhookRoute,
  webhooksHandlers.webhookAttemptsRoute,
  webhooksHandlers.webhookRedeliverRoute,
  webhooksHandlers.webhookEnableRoute,
  webhooksHandlers.webhookSecretRoute,
  webhooksHandlers.webhookTestRoute,
  attachmentsHandlers.attachmentsRoute,
  attachmentsHandlers.attachmentRoute,
  attachmentsHandlers.attachmentWebRoute,
  auditHandlers.auditRoute,
  accountsHandlers.forgotPasswordRoute,
  identifyHandlers.identifyRoute,
  accountsHandlers.magicLinkRoute,
  accountsHandlers.consumeMagicLinkRoute,
  accountsHandlers.resetPasswordRoute,
  accountsHandlers.signInRoute,
  accountsHandlers.signOutRoute,
  accountsHandlers.signUpRoute,
  accountsSsoHandlers.ssoStartRoute,
  accountsHandlers.verifyEmailRoute,
  boardsHandlers.boardsRoute,
  boardsHandlers.boardRoute,
  mentionsHandlers.boardMentionSuggestionsRoute,
  boardsHandlers.boardReorderRoute,
  attachmentsHandlers.brandingImageRoute,
  attachmentsHandlers.brandingLargeImageRoute,
  changelogHandlers.changelogRoute,
  changelogHandlers.changelogEntryRoute,
  changelogHandlers.changelogSubscriptionRoute,
  commentsHandlers.commentRoute,
  liveEventsRoute.eventsRoute,
  moderationHandlers.inboxRoute,
  membersHandlers.invitationsRoute,
  membersHandlers.invitationRoute,
  membersHandlers.invitationLinkRoute,
  membersHandlers.invitationResendRoute,
  postsHandlers.markdownPreviewRoute,
  accountsMeHandlers.meRoute,
  accountsMeHandlers.changeEmailRoute,
  accountsMeHandlers.exportRoute,
  accountsMeHandlers.localeRoute,
  notificationsMeHandlers.preferencesRoute,
  notificationsMeHandlers.myNotificationsRoute,
  notificationsMeHandlers.markReadRoute,
  notificationsMeHandlers.markAllReadRoute,
  notificationsMeHandlers.unreadCountRoute,
  accountsMeHandlers.changePasswordRoute,
  membersHandlers.membersRoute,
  membersHandlers.memberRoute,
  membersHandlers.memberBanRoute,
  membersHandlers.memberVerifyRoute,
  postsHandlers.postsRoute,
  postsHandlers.postRoute,
  moderationHandlers.postApprovalRoute,
  commentsHandlers.postCommentsRoute,
  mentionsHandlers.postMentionSuggestionsRoute,
  votesHandlers.mergeRoute,
  moderationHandlers.postPinRoute,
  postsTriageHandlers.postPropertiesRoute,
  postsTriageHandlers.postStatusRoute,
  apiPostSubscriptionRoute.subscriptionRoute,
  postsTriageHandlers.postTagsRoute,
  votesHandlers.voteRoute,
  votesHandlers.votesRoute,
  votesHandlers.votersCsvRoute,
  postsHandlers.similarPostsRoute,
  roadmapHandlers.roadmapRoute,
  roadmapHandlers.roadmapColumnRoute,
  apiSetupRoute.setupRoute,
  statusesHandlers.statusesRoute,
  statusesHandlers.statusRoute,
  statusesHandlers.statusReorderRoute,
  tagsHandlers.tagsRoute,
  tagsHandlers.tagRoute,
  postsTriageListHandlers.triageRoute,
  postsTriageListHandlers.triageBulkRoute,
  postsTriageListHandlers.priorityWeightsRoute,
  postsTriageListHandlers.triageViewsRoute,
  postsTriageListHandlers.triageViewRoute,
  notificationsMeHandlers.unsubscribeRoute,
  widgetHandlers.widgetSessionRoute,
  settingsHandlers.workspaceRoute,
] as const;
