/** The changelog's public routes: published entries (anyone who may read the workspace) and following it (members). */
import { anyone, isSignedIn } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { entryListQuery, entrySlugParams } from '../schema';
import { followChangelog, getPublishedEntry, isFollowingChangelog, listPublishedEntries } from './service';

/** GET /api/v1/changelog: published entries, newest first; `label=` filters, cursor pages. */
export const changelogRoute = route('/api/v1/changelog', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    widget: true,
    query: entryListQuery,
    summary: 'Published changelog entries, newest first',
    description:
      'Filter by label slug with `label`; page with `cursor` and `limit`. Linked posts are listed only where the caller may see them.',
    tags: ['Changelog'],
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
    summary: 'One published changelog entry',
    tags: ['Changelog'],
    handle: async ({ actor, query }) => json(await getPublishedEntry(actor, query.slug)),
  }),
});

/** GET/PUT/DELETE /api/v1/changelog/subscription: whether the signed-in person follows the changelog. */
export const changelogSubscriptionRoute = route('/api/v1/changelog/subscription', {
  GET: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    summary: 'Whether you follow the changelog',
    tags: ['Changelog'],
    handle: async ({ actor }) => json({ subscribed: await isFollowingChangelog(actor) }),
  }),
  PUT: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    rateLimit: { name: 'changelog-subscription', limit: 60, windowSeconds: 3600 },
    summary: 'Follow the changelog (emails and notifications when entries are published)',
    tags: ['Changelog'],
    handle: async ({ actor }) => json(await followChangelog(actor, true)),
  }),
  DELETE: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    rateLimit: { name: 'changelog-subscription', limit: 60, windowSeconds: 3600 },
    summary: 'Stop following the changelog',
    tags: ['Changelog'],
    handle: async ({ actor }) => json(await followChangelog(actor, false)),
  }),
});
