import { anyone, isSignedIn } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import {
  notificationIdParams,
  notificationListQuery,
  notificationPageSchema,
  preferencesInput,
  preferencesSchema,
  unreadCountSchema,
  unsubscribeBody,
  unsubscribeQuery,
  unsubscribeResultSchema,
} from '../schema';
import { countUnread, listNotifications, markAllRead, markRead } from './inbox-service';
import { getPreferences, setPreferences, unsubscribe } from './preferences-service';

/** GET /api/v1/me/notifications: the signed-in person's in-app notifications, newest first, with the unread count. */
export const myNotificationsRoute = route('/api/v1/me/notifications', {
  GET: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    query: notificationListQuery,
    summary: 'List your notifications',
    description:
      'Your in-app notifications, newest first, a page at a time (`cursor`, `limit`; `unread=1` for unread only); `unread` is ' +
      'the count for the bell. A notification about a post you can no longer see drops out.',
    response: notificationPageSchema,
    handle: async ({ actor, query }) => json(await listNotifications(actor, query)),
  }),
});

/** GET /api/v1/me/notifications/unread-count: the bell's number. */
export const unreadCountRoute = route('/api/v1/me/notifications/unread-count', {
  GET: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    summary: 'Count your unread notifications',
    description: 'The number on the bell: your unread in-app notifications about things you can still see.',
    response: unreadCountSchema,
    handle: async ({ actor }) => json({ unread: await countUnread(actor) }),
  }),
});

/** POST /api/v1/me/notifications/{id}/read: marks one read (opening it). */
export const markReadRoute = route('/api/v1/me/notifications/{id}/read', {
  POST: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    query: notificationIdParams,
    summary: 'Mark a notification read',
    description:
      'Marks one of your notifications read (marking it again changes nothing) and answers the unread count. 404 for anyone else’s.',
    response: unreadCountSchema,
    handle: async ({ actor, query }) => json(await markRead(actor, query.id)),
  }),
});

/** POST /api/v1/me/notifications/read-all: marks every notification read. */
export const markAllReadRoute = route('/api/v1/me/notifications/read-all', {
  POST: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    summary: 'Mark all notifications read',
    description: 'Marks every one of your notifications read and answers the unread count (0).',
    response: unreadCountSchema,
    handle: async ({ actor }) => json(await markAllRead(actor)),
  }),
});

/** GET/PUT /api/v1/me/notification-preferences: each event kind × channel. */
export const preferencesRoute = route('/api/v1/me/notification-preferences', {
  GET: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    summary: 'Read your notification preferences',
    description: 'Every event kind you can receive, on each channel (`email`, `in_app`), with its setting (your choice or the default).',
    response: preferencesSchema,
    handle: async ({ actor }) => json({ preferences: await getPreferences(actor) }),
  }),
  PUT: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    body: preferencesInput,
    summary: 'Change notification preferences',
    description: 'Sets the listed kind × channel pairs; the others keep their setting. Answers every preference, as the GET does.',
    response: preferencesSchema,
    handle: async ({ actor, body }) => json({ preferences: await setPreferences(actor, body.preferences) }),
  }),
});

/**
 * POST /api/v1/unsubscribe?token=: one-click unsubscribe (RFC 8058). The signed token is the
 * credential: no session and no same-origin request needed (mail providers send it), rate limited.
 */
export const unsubscribeRoute = route('/api/v1/unsubscribe', {
  POST: endpoint({
    authorize: anyone,
    apiKey: 'session',
    openToVisitors: true,
    tokenAuthenticated: true,
    query: unsubscribeQuery,
    body: unsubscribeBody,
    rateLimit: { name: 'unsubscribe', limit: 30, windowSeconds: 60 },
    summary: 'One-click unsubscribe',
    description:
      'The `List-Unsubscribe` target of every notification email. Turns email off for the kinds the token names. ' +
      'Accepts the RFC 8058 form body `List-Unsubscribe=One-Click`, or none. An invalid or expired token answers 410.',
    errors: ['TOKEN_INVALID'],
    response: unsubscribeResultSchema,
    handle: async ({ query }) => json(await unsubscribe(query.token)),
  }),
});
