/** Examples: API keys, webhooks and the live event stream. Checked by examples.test.ts. */
import { EXAMPLE_IDS as I, EXAMPLE_POSTS as P, EXAMPLE_REFS as R } from './ids';
import type { ExamplesFor } from './types';

const grace = { id: I.grace, displayName: 'Grace Hopper' };
const zapierKey = {
  id: I.apiKey,
  name: 'Zapier sync',
  prefix: 'chorus_F9NWWIEd',
  scope: 'write',
  createdBy: grace,
  createdAt: '2026-11-20T09:14:03.089Z',
  lastUsedAt: null,
  revokedAt: null,
};
const crmHook = {
  id: I.webhook,
  url: R.webhookUrl,
  description: 'CRM sync',
  events: ['post.created', 'vote.created'],
  format: 'generic',
  includePrivate: false,
  state: 'active',
  disabledAt: null,
  disabledReason: null,
  createdAt: '2026-11-18T16:40:12.113Z',
  lastAttempt: { at: '2026-11-26T05:31:07.129Z', ok: true, statusCode: 204 },
};
const hook = { id: I.webhook };

export const integrationsExamples = {
  'GET /api/v1/admin/api-keys': { status: 200, response: { items: [zapierKey] } },
  'POST /api/v1/admin/api-keys': {
    body: { name: 'Nightly report', scope: 'read' },
    status: 201,
    response: {
      apiKey: {
        id: '7e1c5a90-2f4b-4d3e-b6a8-9c0d1e2f3a4b',
        name: 'Nightly report',
        prefix: 'chorus_F2JLptnf',
        scope: 'read',
        createdBy: grace,
        createdAt: '2026-11-26T06:02:24.121Z',
        lastUsedAt: null,
        revokedAt: null,
      },
      secret: 'chorus_F2JLptnf_1AEZTHJe1euUXHtElN63WlmOI0MR1ud4YKZ5S6hT',
    },
  },
  'DELETE /api/v1/admin/api-keys/{id}': {
    params: { id: I.apiKey },
    status: 200,
    response: { ...zapierKey, revokedAt: '2026-11-26T06:02:24.161Z' },
  },
  'GET /api/v1/admin/webhooks': {
    status: 200,
    response: {
      items: [
        crmHook,
        {
          ...crmHook,
          id: I.webhookDisabled,
          description: 'Old dashboard',
          state: 'disabled',
          disabledAt: '2026-11-24T03:12:55.109Z',
          disabledReason: 'Disabled after 8 failed attempts to deliver one event over about a day; the last: answered 500',
          lastAttempt: null,
        },
      ],
    },
  },
  'POST /api/v1/admin/webhooks': {
    body: { url: R.webhookUrl, description: 'Support tool', events: ['post.created', 'comment.created'], format: 'generic' },
    status: 201,
    response: {
      ...crmHook,
      id: 'da82e0eb-e0e1-4bca-b026-1bfe26d0a961',
      description: 'Support tool',
      events: ['post.created', 'comment.created'],
      createdAt: '2026-11-26T06:02:25.188Z',
      lastAttempt: null,
      secret: 'whsec_M0z1m7YrA6hr0izZfBsfu9qbEMemNtJkUjoq5bU0GqY',
    },
  },
  'GET /api/v1/admin/webhooks/{id}': { params: hook, status: 200, response: crmHook },
  'PATCH /api/v1/admin/webhooks/{id}': {
    params: hook,
    body: { events: ['post.created', 'post.status_changed', 'vote.created'] },
    status: 200,
    response: { ...crmHook, events: ['post.created', 'post.status_changed', 'vote.created'] },
  },
  'DELETE /api/v1/admin/webhooks/{id}': { params: { id: I.webhookToDelete }, status: 204 },
  'GET /api/v1/admin/webhooks/{id}/attempts': {
    params: hook,
    status: 200,
    response: {
      items: [
        {
          id: 4811,
          deliveryId: I.webhookDelivery,
          eventId: I.webhookEvent,
          eventType: 'vote.created',
          attempt: 1,
          at: '2026-11-26T05:31:07.129Z',
          durationMs: 84,
          statusCode: 204,
          responseBody: null,
          error: null,
          ok: true,
          deliveryState: 'delivered',
        },
      ],
      nextCursor: null,
    },
  },
  'POST /api/v1/admin/webhooks/{id}/deliveries/{delivery}/redeliver': {
    params: { id: I.webhook, delivery: I.webhookDelivery },
    status: 202,
    response: { deliveryId: '2dfed02c-c56c-44bf-af2c-8932d08dfc3f', eventId: I.webhookEvent },
  },
  'POST /api/v1/admin/webhooks/{id}/enable': {
    params: { id: I.webhookDisabled },
    status: 200,
    response: { ...crmHook, id: I.webhookDisabled, description: 'Old dashboard', lastAttempt: null },
  },
  'POST /api/v1/admin/webhooks/{id}/secret': {
    params: hook,
    status: 200,
    response: { ...crmHook, secret: 'whsec_9dPQtpWyH4XSnNrFI_Nz3FAutFWYGnWkiuVL2giNCfc' },
  },
  'POST /api/v1/admin/webhooks/{id}/test': {
    params: hook,
    status: 202,
    response: { deliveryId: 'bf76b63c-92ba-4932-a658-d696a7f1226b', eventId: 'df819acb-0e3b-48e7-81ba-93d959f6a8de' },
  },
  'GET /api/v1/events': {
    query: { post: String(P.darkMode) },
    status: 200,
    media: {
      type: 'text/event-stream',
      firstLine: 'retry: 3000',
      note:
        'Server-sent events, open until the client closes them: `retry:`, then `event: ready` (or `refetch` after a reconnect ' +
        'with Last-Event-ID), then one event per change (votes, post, comment) with an `id:` and a JSON `data:` line.',
    },
  },
} satisfies ExamplesFor;
