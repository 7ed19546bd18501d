/** The changelog's public routes: published entries (anyone who may read the workspace) and following it (members). */
import { anyone, isSignedIn } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { changelogSubscriptionSchema, entryListQuery, entrySlugParams, publishedEntryPageSchema, publishedEntrySchema } from '../schema';
import { followChangelog, getPublishedEntry, isFollowingChangelog, listPublishedEntries } from './service';

/** GET /api/v1/changelog: published entries, newest first; `label=` filters, cursor pages. */
export const changelogRoute = route('/api/v1/changelog', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    widget: true,
    query: entryListQuery,
    summary: 'List published changelog entries',
    description:
      'Published entries, newest first, for anyone who may read the workspace. Filter by label slug with `label`; page with ' +
      '`cursor` and `limit`. Linked posts are listed only where the caller may see them.',
    tags: ['Changelog'],
    response: publishedEntryPageSchema,
    handle: async ({ actor, query }) => json(await listPublishedEntries(actor, query)),
  }),
});

/** GET /api/v1/changelog/[slug]: one published entry. */
export const changelogEntryRoute = route('/api/v1/changelog/{slug}', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    widget: true,
    query: entrySlugParams,
    summary: 'Get a published changelog entry',
    description:
      'One published entry by its slug; a draft or an unknown slug is 404. Linked posts are listed only where the caller may see them.',
    tags: ['Changelog'],
    response: publishedEntrySchema,
    handle: async ({ actor, query }) => json(await getPublishedEntry(actor, query.slug)),
  }),
});

/** GET/PUT/DELETE /api/v1/changelog/subscription: whether the signed-in person follows the changelog. */
export const changelogSubscriptionRoute = route('/api/v1/changelog/subscription', {
  GET: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    summary: 'Check whether you follow the changelog',
    description: 'Whether the signed-in person follows the changelog, that is, hears about every entry published.',
    tags: ['Changelog'],
    response: changelogSubscriptionSchema,
    handle: async ({ actor }) => json({ subscribed: await isFollowingChangelog(actor) }),
  }),
  PUT: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    rateLimit: { name: 'changelog-subscription', limit: 60, windowSeconds: 3600 },
    summary: 'Follow the changelog',
    description:
      'The signed-in person follows the changelog: each entry published then notifies them (and emails them, as their ' +
      'notification preferences allow). Following again changes nothing.',
    tags: ['Changelog'],
    response: changelogSubscriptionSchema,
    handle: async ({ actor }) => json(await followChangelog(actor, true)),
  }),
  DELETE: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    rateLimit: { name: 'changelog-subscription', limit: 60, windowSeconds: 3600 },
    summary: 'Stop following the changelog',
    description:
      'The signed-in person stops following the changelog. They still hear about entries that ship posts they voted for or follow.',
    tags: ['Changelog'],
    response: changelogSubscriptionSchema,
    handle: async ({ actor }) => json(await followChangelog(actor, false)),
  }),
});
