/** Examples: Members, invitations, the inbox, triage and the audit log. Checked by examples.test.ts. */
import type { ExamplesFor } from './types';

export const teamExamples = {
  'GET /api/v1/members': {
    query: { q: 'ada', limit: '20' },
    status: 200,
    response: {
      items: [
        {
          id: '9b327ed7-f9bc-4a27-af62-f1ab1adb7036',
          displayName: 'Ada L.',
          email: 'ada@example.com',
          avatarUrl: null,
          role: 'member',
          state: 'active',
          joinedAt: '2026-11-26T04:31:41.975Z',
        },
      ],
      nextCursor: null,
    },
  },
  'PATCH /api/v1/members/{id}': {
    params: { id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e06' },
    body: { role: 'moderator' },
    status: 200,
    response: {
      id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e06',
      displayName: 'Pat Kim',
      email: 'pat@example.com',
      avatarUrl: null,
      role: 'moderator',
      state: 'active',
      joinedAt: '2026-11-26T04:31:35.348Z',
    },
  },
  'POST /api/v1/members/{id}/ban': {
    params: { id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04' },
    status: 200,
    response: {
      id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04',
      displayName: 'Ola Nordmann',
      email: 'ola@example.com',
      avatarUrl: null,
      role: 'member',
      state: 'banned',
      joinedAt: '2026-11-26T04:31:35.305Z',
    },
  },
  'DELETE /api/v1/members/{id}/ban': {
    params: { id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04' },
    status: 200,
    response: {
      id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04',
      displayName: 'Ola Nordmann',
      email: 'ola@example.com',
      avatarUrl: null,
      role: 'member',
      state: 'active',
      joinedAt: '2026-11-26T04:31:35.305Z',
    },
  },
  'POST /api/v1/members/{id}/verify': {
    params: { id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e05' },
    status: 200,
    response: {
      id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e05',
      displayName: 'Uma Rao',
      email: 'uma@example.com',
      avatarUrl: null,
      role: 'member',
      state: 'active',
      joinedAt: '2026-11-26T04:31:35.340Z',
    },
  },
  'POST /api/v1/invitations': {
    body: { email: 'sam@example.com', role: 'moderator' },
    status: 201,
    response: { email: 'sam@example.com', role: 'moderator', expiresAt: '2026-12-03T04:31:41.845Z' },
  },
  'GET /api/v1/inbox': {
    query: { limit: '20' },
    status: 200,
    response: {
      pendingPosts: {
        items: [
          {
            id: '1d14db36-31d6-4140-a146-a0cced1f32cf',
            number: 124,
            slug: 'slack-notifications',
            title: 'Slack notifications',
            excerpt: '',
            board: { slug: 'ideas', name: 'Feature ideas' },
            author: { id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04', displayName: 'Ola Nordmann' },
            approval: 'pending',
            createdAt: '2026-11-26T04:31:36.437Z',
          },
        ],
        nextCursor: null,
      },
      untriagedPosts: {
        items: [
          {
            id: '3dc32c71-26a7-4634-94d3-79fef3e3463b',
            number: 126,
            slug: 'tell-us-what-you-need',
            title: 'Tell us what you need',
            excerpt: '',
            board: { slug: 'ideas', name: 'Feature ideas' },
            author: { id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e02', displayName: 'Grace Hopper' },
            approval: 'approved',
            createdAt: '2026-11-26T04:31:36.541Z',
          },
        ],
        nextCursor: null,
      },
    },
  },
  'GET /api/v1/triage': {
    query: { show: 'all', sort: 'votes', limit: '30' },
    status: 200,
    response: {
      items: [
        {
          id: '4aca08a5-c338-4b86-ac28-d0622aba6449',
          number: 120,
          slug: 'dark-mode-for-the-dashboard',
          title: 'Dark mode for the dashboard',
          excerpt: 'The dashboard is too bright at night.',
          board: { slug: 'ideas', name: 'Feature ideas' },
          status: { id: '8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e03', slug: 'planned', name: 'Planned', color: '#8b5cf6', category: 'planned' },
          tags: [{ id: 'c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b01', name: 'Dashboard', color: '#0f766e' }],
          author: { displayName: 'Ola Nordmann' },
          owner: { id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e03', displayName: 'Linus Pauling' },
          voteCount: 3,
          commentCount: 3,
          approval: 'approved',
          eta: '2026-Q3',
          impact: 4,
          effort: 2,
          priority: 4,
          teamResponded: true,
          createdAt: '2026-11-26T04:31:35.557000Z',
        },
      ],
      nextCursor: null,
      total: 7,
      facets: {
        status: [{ key: 'none', count: 5 }],
        board: [{ key: 'feature-requests', count: 1 }],
        tag: [{ key: 'c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b01', count: 1 }],
        show: { all: 7, untriaged: 5, pending: 0, unresponded: 6, rejected: 0 },
      },
    },
  },
  'POST /api/v1/triage/bulk': {
    body: {
      numbers: [120, 121],
      statusId: '8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e02',
      note: '',
      addTagIds: ['c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b01'],
    },
    status: 200,
    response: { changed: [120], skipped: [] },
  },
  'GET /api/v1/triage/priority-weights': { status: 200, response: { votes: 1, impact: 1, effort: 0.5 } },
  'PUT /api/v1/triage/priority-weights': {
    body: { votes: 1, impact: 2, effort: 1 },
    status: 200,
    response: { votes: 1, impact: 2, effort: 1 },
  },
  'GET /api/v1/triage/views': { status: 200, response: { items: [{ id: 1, name: 'Top untriaged', query: 'show=untriaged&sort=votes' }] } },
  'POST /api/v1/triage/views': {
    body: { name: 'Untriaged bugs', query: 'show=untriaged&board=bugs' },
    status: 201,
    response: { id: 2, name: 'Untriaged bugs', query: 'show=untriaged&board=bugs' },
  },
  'DELETE /api/v1/triage/views/{id}': { params: { id: '3' }, status: 204 },
  'GET /api/v1/audit': {
    query: { limit: '20' },
    status: 200,
    response: {
      items: [
        {
          id: 28,
          at: '2026-11-26T06:03:54.775Z',
          action: 'webhook.test_sent',
          actor: { id: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e02', label: 'Grace Hopper', href: '/admin/members?q=grace.admin%40example.com' },
          target: {
            type: 'webhook',
            id: '9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01',
            label: 'https://hooks.example.com/chorus',
            href: '/admin/webhooks',
          },
          related: null,
          sentence: [
            { t: 'ref', v: 'Grace Hopper', href: '/admin/members?q=grace.admin%40example.com' },
            { t: 'text', v: ' sent a test event to the webhook endpoint ' },
            { t: 'ref', v: 'https://hooks.example.com/chorus', href: '/admin/webhooks' },
          ],
          before: null,
          after: { url: 'https://hooks.example.com/chorus' },
          ip: '127.0.0.1',
        },
      ],
      nextCursor: 9,
    },
  },
} satisfies ExamplesFor;
