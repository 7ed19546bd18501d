/** The team's changelog routes: moderators and admins write and publish; admins add labels. */
import { canAdminister, canWriteChangelog } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import {
  deletedEntrySchema,
  entryIdParams,
  entryInput,
  entryUpdateInput,
  labelInput,
  labelListSchema,
  labelSchema,
  publishedTeamEntrySchema,
  scheduleInput,
  teamEntryListSchema,
  teamEntrySchema,
} from '../schema';
import {
  createEntry,
  createLabel,
  deleteEntryAs,
  getTeamEntry,
  listTeamEntries,
  publishEntryAs,
  scheduleEntryAs,
  unpublishEntryAs,
  unscheduleEntryAs,
  updateEntryAs,
} from './editing';
import { listChangelogLabels } from './service';

const tags = ['Changelog (team)'];

/** GET /api/v1/admin/changelog (every entry, drafts first), POST (a new draft). */
export const adminChangelogRoute = route('/api/v1/admin/changelog', {
  GET: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    summary: 'List changelog entries for the team',
    description:
      'Every changelog entry as the team edits it, for moderators and admins: drafts (scheduled ones included) first, then ' +
      'published entries, each group most recent first; at most 200.',
    tags,
    response: teamEntryListSchema,
    handle: async ({ actor }) => json({ items: await listTeamEntries(actor) }),
  }),
  POST: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    errors: ['CONFLICT'],
    body: entryInput,
    summary: 'Write a draft changelog entry',
    description:
      'Creates a draft with a title, Markdown text, a label and optionally linked posts and the done-category status they ' +
      'move to when it is published. Its slug is made from the title and kept afterwards. Answers the entry (201).',
    tags,
    response: teamEntrySchema,
    handle: async ({ actor, body, ip }) => json(await createEntry(actor, body, ip), 201),
  }),
});

/** GET/PATCH/DELETE /api/v1/admin/changelog/[id]. */
export const adminChangelogEntryRoute = route('/api/v1/admin/changelog/{id}', {
  GET: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    query: entryIdParams,
    summary: 'Get a changelog entry for the team',
    description: 'One entry, draft or published, as the team edits it (moderators and admins).',
    tags,
    response: teamEntrySchema,
    handle: async ({ actor, query }) => json(await getTeamEntry(actor, query.id)),
  }),
  PATCH: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    errors: ['CONFLICT'],
    query: entryIdParams,
    body: entryUpdateInput,
    summary: 'Change a changelog entry',
    description:
      'Changes only the fields sent: title, text, label, linked posts (the list replaces the old one) or the status its ' +
      'posts move to on publication. The slug stays as it was first made. Answers the entry.',
    tags,
    response: teamEntrySchema,
    handle: async ({ actor, query, body, ip }) => json(await updateEntryAs(actor, query.id, body, ip)),
  }),
  DELETE: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    query: entryIdParams,
    summary: 'Delete a changelog entry',
    description: 'Deletes the entry, draft or published, and withdraws its scheduled publication if any. Answers its id.',
    tags,
    response: deletedEntrySchema,
    handle: async ({ actor, query, ip }) => json(await deleteEntryAs(actor, query.id, ip)),
  }),
});

/** POST /api/v1/admin/changelog/[id]/publish: publish now (idempotent). */
export const adminChangelogPublishRoute = route('/api/v1/admin/changelog/{id}/publish', {
  POST: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    query: entryIdParams,
    summary: 'Publish a changelog entry now',
    description:
      'Moves the linked posts to the entry’s done-category status when it names one, and notifies. Publishing a published entry ' +
      'does nothing. Answers the entry and `postsMoved`, the number of posts whose status changed.',
    tags,
    response: publishedTeamEntrySchema,
    handle: async ({ actor, query, ip }) => json(await publishEntryAs(actor, query.id, ip)),
  }),
});

/** POST /api/v1/admin/changelog/[id]/unpublish: back to draft. */
export const adminChangelogUnpublishRoute = route('/api/v1/admin/changelog/{id}/unpublish', {
  POST: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    query: entryIdParams,
    summary: 'Unpublish a changelog entry',
    description:
      'Takes a published entry back to draft, off the public pages; the posts it moved keep their status. A draft is left ' +
      'as it is. Answers the entry.',
    tags,
    response: teamEntrySchema,
    handle: async ({ actor, query, ip }) => json(await unpublishEntryAs(actor, query.id, ip)),
  }),
});

/** PUT/DELETE /api/v1/admin/changelog/[id]/schedule: publish at a future time, or withdraw that. */
export const adminChangelogScheduleRoute = route('/api/v1/admin/changelog/{id}/schedule', {
  PUT: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    query: entryIdParams,
    body: scheduleInput,
    summary: 'Schedule the publication of a draft',
    description:
      'The draft is published at `at`, a time in the future, as if the caller published it then; a new time replaces an ' +
      'earlier one. An entry already published is a conflict. Answers the entry.',
    tags,
    errors: ['CONFLICT'],
    response: teamEntrySchema,
    handle: async ({ actor, query, body, ip }) => json(await scheduleEntryAs(actor, query.id, body.at, ip)),
  }),
  DELETE: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    query: entryIdParams,
    summary: 'Withdraw a scheduled publication',
    description: 'The entry stays a draft with no publication planned (nothing changes when none was). Answers the entry.',
    tags,
    response: teamEntrySchema,
    handle: async ({ actor, query, ip }) => json(await unscheduleEntryAs(actor, query.id, ip)),
  }),
});

/** GET /api/v1/admin/changelog/labels (the team), POST (admins add one). */
export const adminChangelogLabelsRoute = route('/api/v1/admin/changelog/labels', {
  GET: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    summary: 'List changelog labels',
    description: 'The labels an entry may carry, in their order (moderators and admins).',
    tags,
    response: labelListSchema,
    handle: async () => json({ items: await listChangelogLabels() }),
  }),
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    body: labelInput,
    summary: 'Add a changelog label',
    description: 'Admins add a label; its slug is made from the name. A name already in use is a conflict. Answers the label (201).',
    tags,
    errors: ['CONFLICT'],
    response: labelSchema,
    handle: async ({ actor, body, ip }) => json(await createLabel(actor, body.name, ip), 201),
  }),
});
