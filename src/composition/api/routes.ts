// Written by scripts/api-routes.mjs from the files under src/pages/api/v1; do not edit.
import { subscriptionRoute } from '@/composition/api/post-subscription-route';
import { setupRoute } from '@/composition/api/setup-route';
import { exportRoute as adminExportRoute, importRoute } from '@/composition/data/handlers';
import { eventsRoute } from '@/composition/live/events-route';
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
  changeEmailRoute,
  changePasswordRoute,
  exportRoute as meExportRoute,
  localeRoute,
  meRoute,
} from '@/features/accounts/server/me-handlers';
import { adminSsoProviderRoute, adminSsoRoute, ssoStartRoute } from '@/features/accounts/server/sso-handlers';
import { apiKeyRoute, apiKeysRoute } from '@/features/api-keys/server/handlers';
import {
  attachmentRoute,
  attachmentWebRoute,
  attachmentsRoute,
  brandingImageRoute,
  brandingLargeImageRoute,
} from '@/features/attachments/server/handlers';
import { auditRoute } from '@/features/audit/server/handlers';
import { boardReorderRoute, boardRoute, boardsRoute } from '@/features/boards/server/handlers';
import {
  adminChangelogEntryRoute,
  adminChangelogLabelsRoute,
  adminChangelogPublishRoute,
  adminChangelogRoute,
  adminChangelogScheduleRoute,
  adminChangelogUnpublishRoute,
} from '@/features/changelog/server/admin-handlers';
import { changelogEntryRoute, changelogRoute, changelogSubscriptionRoute } from '@/features/changelog/server/handlers';
import { commentRoute, postCommentsRoute } from '@/features/comments/server/handlers';
import { identifyRoute, identifySecretRoute, identifySettingsRoute } from '@/features/identify/server/handlers';
import { insightsRoute } from '@/features/insights/server/handlers';
import { invitationsRoute, memberBanRoute, memberRoute, memberVerifyRoute, membersRoute } from '@/features/members/server/handlers';
import { boardMentionSuggestionsRoute, postMentionSuggestionsRoute } from '@/features/mentions/server/handlers';
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
import { postPropertiesRoute, postStatusRoute, postTagsRoute } from '@/features/posts/server/triage-handlers';
import {
  priorityWeightsRoute,
  triageBulkRoute,
  triageRoute,
  triageViewRoute,
  triageViewsRoute,
} from '@/features/posts/server/triage-list-handlers';
import { roadmapColumnRoute, roadmapRoute } from '@/features/roadmap/server/handlers';
import { adminBrandingRoute, adminSettingsRoute, workspaceRoute } from '@/features/settings/server/handlers';
import { statusReorderRoute, statusRoute, statusesRoute } from '@/features/statuses/server/handlers';
import { tagRoute, tagsRoute } from '@/features/tags/server/handlers';
import { mergeRoute, voteRoute, votersCsvRoute, votesRoute } from '@/features/votes/server/handlers';
import {
  webhookAttemptsRoute,
  webhookEnableRoute,
  webhookRedeliverRoute,
  webhookRoute,
  webhookSecretRoute,
  webhookTestRoute,
  webhooksRoute,
} from '@/features/webhooks/server/handlers';
import { widgetSessionRoute } from '@/features/widget/server/handlers';

/** Every route served under src/pages/api/v1 but the OpenAPI document’s own (the registry adds it), by path. */
export const PAGE_ROUTES = [
  apiKeysRoute,
  apiKeyRoute,
  adminBrandingRoute,
  adminChangelogRoute,
  adminChangelogEntryRoute,
  adminChangelogPublishRoute,
  adminChangelogScheduleRoute,
  adminChangelogUnpublishRoute,
  adminChangelogLabelsRoute,
  emailStatusRoute,
  adminExportRoute,
  identifySettingsRoute,
  identifySecretRoute,
  importRoute,
  insightsRoute,
  outboxRoute,
  adminSettingsRoute,
  adminSsoRoute,
  adminSsoProviderRoute,
  webhooksRoute,
  webhookRoute,
  webhookAttemptsRoute,
  webhookRedeliverRoute,
  webhookEnableRoute,
  webhookSecretRoute,
  webhookTestRoute,
  attachmentsRoute,
  attachmentRoute,
  attachmentWebRoute,
  auditRoute,
  forgotPasswordRoute,
  identifyRoute,
  magicLinkRoute,
  consumeMagicLinkRoute,
  resetPasswordRoute,
  signInRoute,
  signOutRoute,
  signUpRoute,
  ssoStartRoute,
  verifyEmailRoute,
  boardsRoute,
  boardRoute,
  boardMentionSuggestionsRoute,
  boardReorderRoute,
  brandingImageRoute,
  brandingLargeImageRoute,
  changelogRoute,
  changelogEntryRoute,
  changelogSubscriptionRoute,
  commentRoute,
  commentApprovalRoute,
  eventsRoute,
  inboxRoute,
  invitationsRoute,
  markdownPreviewRoute,
  meRoute,
  changeEmailRoute,
  meExportRoute,
  localeRoute,
  preferencesRoute,
  myNotificationsRoute,
  markReadRoute,
  markAllReadRoute,
  unreadCountRoute,
  changePasswordRoute,
  membersRoute,
  memberRoute,
  memberBanRoute,
  memberVerifyRoute,
  postsRoute,
  postRoute,
  postApprovalRoute,
  postCommentsRoute,
  postMentionSuggestionsRoute,
  mergeRoute,
  postPinRoute,
  postPropertiesRoute,
  postStatusRoute,
  subscriptionRoute,
  postTagsRoute,
  voteRoute,
  votesRoute,
  votersCsvRoute,
  similarPostsRoute,
  roadmapRoute,
  roadmapColumnRoute,
  setupRoute,
  statusesRoute,
  statusRoute,
  statusReorderRoute,
  tagsRoute,
  tagRoute,
  triageRoute,
  triageBulkRoute,
  priorityWeightsRoute,
  triageViewsRoute,
  triageViewRoute,
  unsubscribeRoute,
  widgetSessionRoute,
  workspaceRoute,
] as const;
