/** The team's changelog routes: moderators and admins write and publish; admins add labels. */
import { canAdminister, canWriteChangelog } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { entryIdParams, entryInput, entryUpdateInput, labelInput, scheduleInput } from '../schema';
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
    summary: 'Every changelog entry: drafts (and scheduled) first, then published',
    tags,
    handle: async ({ actor }) => json({ items: await listTeamEntries(actor) }),
  }),
  POST: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    errors: ['CONFLICT'],
    body: entryInput,
    summary: 'Write a draft entry',
    tags,
    handle: async ({ actor, body, ip }) => json(await createEntry(actor, body, ip), 201),
  }),
});

/** GET/PATCH/DELETE /api/v1/admin/changelog/[id]. */
export const adminChangelogEntryRoute = route('/api/v1/admin/changelog/{id}', {
  GET: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    query: entryIdParams,
    summary: 'One entry, as the team edits it',
    tags,
    handle: async ({ actor, query }) => json(await getTeamEntry(actor, query.id)),
  }),
  PATCH: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    errors: ['CONFLICT'],
    query: entryIdParams,
    body: entryUpdateInput,
    summary: 'Change an entry (title, text, label, linked posts, the status its posts move to)',
    tags,
    handle: async ({ actor, query, body, ip }) => json(await updateEntryAs(actor, query.id, body, ip)),
  }),
  DELETE: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    query: entryIdParams,
    summary: 'Delete an entry',
    tags,
    handle: async ({ actor, query, ip }) => json(await deleteEntryAs(actor, query.id, ip)),
  }),
});

/** POST /api/v1/admin/changelog/[id]/publish: publish now (idempotent). */
export const adminChangelogPublishRoute = route('/api/v1/admin/changelog/{id}/publish', {
  POST: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    query: entryIdParams,
    summary: 'Publish now',
    description:
      'Moves the linked posts to the entry’s done-category status when it names one, and notifies. Publishing a published entry does nothing.',
    tags,
    handle: async ({ actor, query, ip }) => json(await publishEntryAs(actor, query.id, ip)),
  }),
});

/** POST /api/v1/admin/changelog/[id]/unpublish: back to draft. */
export const adminChangelogUnpublishRoute = route('/api/v1/admin/changelog/{id}/unpublish', {
  POST: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    query: entryIdParams,
    summary: 'Unpublish (back to draft)',
    tags,
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
    tags,
    errors: ['CONFLICT'],
    handle: async ({ actor, query, body, ip }) => json(await scheduleEntryAs(actor, query.id, body.at, ip)),
  }),
  DELETE: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    query: entryIdParams,
    summary: 'Withdraw a scheduled publication',
    tags,
    handle: async ({ actor, query, ip }) => json(await unscheduleEntryAs(actor, query.id, ip)),
  }),
});

/** GET /api/v1/admin/changelog/labels (the team), POST (admins add one). */
export const adminChangelogLabelsRoute = route('/api/v1/admin/changelog/labels', {
  GET: endpoint({
    authorize: canWriteChangelog,
    apiKey: 'key',
    summary: 'The changelog labels',
    tags,
    handle: async () => json({ items: await listChangelogLabels() }),
  }),
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    body: labelInput,
    summary: 'Add a changelog label',
    tags,
    errors: ['CONFLICT'],
    handle: async ({ actor, body, ip }) => json(await createLabel(actor, body.name, ip), 201),
  }),
});
