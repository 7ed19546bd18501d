/**
 * The sections of the workspace export file, in the file's order, which is also the order an
 * import writes them: each section may use the ids the ones before it wrote (people before
 * boards, boards before posts, posts before votes…). A table that moves with a workspace is one
 * more section here; a table that does not is listed in NOT_EXPORTED with the reason
 * (sections.test.ts holds every table of the schema to one or the other).
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '@/server/db/schema';
import type { Section, SectionName } from './section';
import { boardsSection, statusesSection, tagsSection } from './section-catalog';
import { changelogSection } from './section-changelog';
import { companiesSection, membersSection, workspaceSection } from './section-people';
import { commentsSection, statusChangesSection, subscriptionsSection } from './section-discussion';
import { postsSection, votesSection } from './section-posts';

export const SECTIONS = [
  workspaceSection,
  companiesSection,
  membersSection,
  statusesSection,
  tagsSection,
  boardsSection,
  postsSection,
  votesSection,
  commentsSection,
  statusChangesSection,
  subscriptionsSection,
  changelogSection,
] as const satisfies readonly Section[];

// Every part of the file's schema has its section (a compile error names the one missing).
type Missing = Exclude<SectionName, (typeof SECTIONS)[number]['name']>;
const everySection: [Missing] extends [never] ? true : Missing = true;
void everySection;

const SECRET = 'a secret or a hash of one, which never leaves the install';
const DERIVED = 'derived from the exported rows, and rebuilt after an import';
const TRANSIENT = 'work or state in flight on this install';

/** The schema's tables that stay with the install, and why. */
export const NOT_EXPORTED: ReadonlyMap<PgTable, string> = new Map<PgTable, string>([
  [schema.auditEvents, 'the record of what was done on this install; the import adds its own entry'],
  [schema.rateLimits, TRANSIENT],
  [schema.ssoProviders, `an install's sign-in configuration, with ${SECRET}`],
  [schema.ssoIdentities, 'links to accounts at SSO providers, which are not exported'],
  [schema.apiKeys, SECRET],
  [schema.sessions, SECRET],
  [schema.widgetSessions, SECRET],
  [schema.authTokens, SECRET],
  [schema.signingKeys, SECRET],
  [schema.identifyTokenUses, TRANSIENT],
  [schema.outbox, TRANSIENT],
  [schema.jobs, TRANSIENT],
  [schema.liveEvents, TRANSIENT],
  [schema.insightDays, DERIVED],
  [schema.insightPostVotes, DERIVED],
  [schema.insightPosts, DERIVED],
  [schema.insightRefresh, DERIVED],
  [schema.triageCounts, DERIVED],
  [schema.notifications, "each person's inbox on this install"],
  [schema.notificationPreferences, 'not in the file format (version 1) yet'],
  [schema.triageViews, 'not in the file format (version 1) yet'],
  [schema.attachments, 'not in the file format (version 1) yet: images (in posts and comments, the logo) would make it large'],
  [schema.attachmentBlobs, 'the bytes of attachments, which are not exported'],
  [schema.webhookEndpoints, `an install's integrations, with ${SECRET}`],
  [schema.webhookDeliveries, TRANSIENT],
  [schema.webhookAttempts, 'the delivery log of endpoints that are not exported'],
]);
