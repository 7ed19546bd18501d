/** Examples: Notifications and their preferences. Checked by examples.test.ts. */
import type { ExamplesFor } from './types';

export const notificationsExamples = {
  'GET /api/v1/me/notification-preferences': {
    status: 200,
    response: { preferences: [{ kind: 'status_changed', channel: 'email', enabled: true }] },
  },
  'PUT /api/v1/me/notification-preferences': {
    body: { preferences: [{ kind: 'comment', channel: 'email', enabled: false }] },
    status: 200,
    response: { preferences: [{ kind: 'status_changed', channel: 'email', enabled: true }] },
  },
  'GET /api/v1/me/notifications': {
    query: { limit: '20' },
    status: 200,
    response: {
      items: [
        {
          id: 7,
          kind: 'comment',
          headline: 'Ola Nordmann commented on “Dark mode for the dashboard” (#120)',
          message: 'comment',
          args: { who: 'Ola Nordmann', title: 'Dark mode for the dashboard', number: 120 },
          path: '/p/120#comment-311',
          excerpt: 'Any news?',
          read: false,
          createdAt: '2026-11-26T04:31:36.913Z',
        },
      ],
      unread: 1,
      nextCursor: null,
    },
  },
  'POST /api/v1/me/notifications/{id}/read': { params: { id: '7' }, status: 200, response: { unread: 0 } },
  'POST /api/v1/me/notifications/read-all': { status: 200, response: { unread: 0 } },
  'GET /api/v1/me/notifications/unread-count': { status: 200, response: { unread: 0 } },
  'POST /api/v1/unsubscribe': {
    query: { token: 'uN4sB7dF1gH5jK8lQ2wE6rTyZx' },
    body: { 'List-Unsubscribe': 'One-Click' },
    status: 200,
    response: { kinds: ['status_changed'] },
  },
} satisfies ExamplesFor;
