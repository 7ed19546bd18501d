/**
 * Which endpoints an API key may call: the one place this is decided (docs/api.md, "API keys").
 *
 * - `key`: a key may call it; the endpoint's own policy then decides, as for anyone, from the
 *   role the key acts with (its scope, capped by its creator's role). A `read` key is refused
 *   every method but GET and HEAD.
 * - `session`: only a person signed in may call it: their own account, session or preferences
 *   (sign-in, password, email, their export, notifications, subscriptions, saved views, setup),
 *   and the API keys themselves (a key never mints or revokes keys), and the identify secret (a
 *   key that could read or replace it could mint sign-ins for any member). A key is a program,
 *   not its creator at a keyboard: these answer 403 to every key.
 *
 * It fails closed: a path that is not listed here refuses keys (403), and a test enumerates
 * every endpoint of the API registry and fails while one is not classified here.
 */
import type { IncomingMessage } from 'node:http';
import type { ApiKeyScope } from '@/core/identity/api-keys';
import { AppError } from './errors';

export type ApiKeyAccess = 'key' | 'session';

/** Every /api/v1 path (as in the API registry, dynamic segments as `{name}`) and whether keys may call it. */
export const API_KEY_ACCESS: Readonly<Record<string, ApiKeyAccess>> = {
  '/api/v1/admin/branding/{asset}': 'key',
  '/api/v1/admin/api-keys': 'session',
  '/api/v1/admin/api-keys/{id}': 'session',
  '/api/v1/admin/changelog': 'key',
  '/api/v1/admin/changelog/labels': 'key',
  '/api/v1/admin/changelog/{id}': 'key',
  '/api/v1/admin/changelog/{id}/publish': 'key',
  '/api/v1/admin/changelog/{id}/schedule': 'key',
  '/api/v1/admin/changelog/{id}/unpublish': 'key',
  '/api/v1/admin/email-status': 'key',
  '/api/v1/admin/insights': 'key',
  '/api/v1/admin/export': 'key',
  '/api/v1/admin/identify': 'key',
  '/api/v1/admin/identify/secret': 'session',
  '/api/v1/admin/import': 'key',
  '/api/v1/admin/outbox': 'key',
  '/api/v1/admin/settings': 'key',
  // Single sign-on holds credentials (client secrets) and decides who can sign in: people only.
  '/api/v1/admin/sso': 'session',
  '/api/v1/admin/sso/{provider}': 'session',
  '/api/v1/admin/webhooks': 'key',
  '/api/v1/admin/webhooks/{id}': 'key',
  '/api/v1/admin/webhooks/{id}/attempts': 'key',
  '/api/v1/admin/webhooks/{id}/deliveries/{delivery}/redeliver': 'key',
  '/api/v1/admin/webhooks/{id}/enable': 'key',
  '/api/v1/admin/webhooks/{id}/secret': 'key',
  '/api/v1/admin/webhooks/{id}/test': 'key',
  '/api/v1/attachments': 'key',
  '/api/v1/attachments/{id}': 'key',
  '/api/v1/attachments/{id}/web': 'key',
  '/api/v1/audit': 'key',
  '/api/v1/auth/forgot-password': 'session',
  '/api/v1/auth/identify': 'session',
  '/api/v1/auth/magic-link': 'session',
  '/api/v1/auth/magic-link/consume': 'session',
  '/api/v1/auth/reset-password': 'session',
  '/api/v1/auth/sign-in': 'session',
  '/api/v1/auth/sign-out': 'session',
  '/api/v1/auth/sign-up': 'session',
  '/api/v1/auth/sso/{provider}': 'session',
  '/api/v1/auth/verify-email': 'session',
  '/api/v1/boards': 'key',
  '/api/v1/branding/{id}': 'key',
  '/api/v1/branding/{id}/large': 'key',
  '/api/v1/boards/reorder': 'key',
  '/api/v1/boards/{board}': 'key',
  '/api/v1/boards/{board}/mention-suggestions': 'key',
  '/api/v1/changelog': 'key',
  '/api/v1/changelog/subscription': 'session',
  '/api/v1/changelog/{slug}': 'key',
  '/api/v1/comments/{id}': 'key',
  '/api/v1/events': 'key',
  '/api/v1/comments/{id}/approval': 'key',
  '/api/v1/inbox': 'key',
  '/api/v1/invitations': 'key',
  '/api/v1/markdown/preview': 'key',
  '/api/v1/me': 'session',
  '/api/v1/me/email': 'session',
  '/api/v1/me/export': 'session',
  '/api/v1/me/locale': 'session',
  '/api/v1/me/notification-preferences': 'session',
  '/api/v1/me/notifications': 'session',
  '/api/v1/me/notifications/read-all': 'session',
  '/api/v1/me/notifications/unread-count': 'session',
  '/api/v1/me/notifications/{id}/read': 'session',
  '/api/v1/me/password': 'session',
  '/api/v1/members': 'key',
  '/api/v1/members/{id}': 'key',
  '/api/v1/members/{id}/ban': 'key',
  '/api/v1/members/{id}/verify': 'key',
  '/api/v1/openapi.json': 'key',
  '/api/v1/posts': 'key',
  '/api/v1/posts/similar': 'key',
  '/api/v1/posts/{number}': 'key',
  '/api/v1/posts/{number}/comments': 'key',
  '/api/v1/posts/{number}/approval': 'key',
  '/api/v1/posts/{number}/mention-suggestions': 'key',
  '/api/v1/posts/{number}/merge': 'key',
  '/api/v1/posts/{number}/pin': 'key',
  '/api/v1/posts/{number}/status': 'key',
  '/api/v1/posts/{number}/properties': 'key',
  '/api/v1/posts/{number}/subscription': 'session',
  '/api/v1/posts/{number}/tags': 'key',
  '/api/v1/posts/{number}/vote': 'key',
  '/api/v1/posts/{number}/votes': 'key',
  '/api/v1/posts/{number}/votes.csv': 'key',
  '/api/v1/roadmap': 'key',
  '/api/v1/roadmap/{status}': 'key',
  '/api/v1/setup': 'session',
  '/api/v1/statuses': 'key',
  '/api/v1/triage': 'key',
  '/api/v1/triage/bulk': 'key',
  '/api/v1/triage/priority-weights': 'key',
  '/api/v1/triage/views': 'session',
  '/api/v1/triage/views/{id}': 'session',
  '/api/v1/statuses/reorder': 'key',
  '/api/v1/statuses/{id}': 'key',
  '/api/v1/tags': 'key',
  '/api/v1/tags/{id}': 'key',
  '/api/v1/unsubscribe': 'session',
  '/api/v1/widget/session': 'session',
  '/api/v1/workspace': 'key',
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Patterns with fewer dynamic segments first, so `/posts/similar` is found before `/posts/{number}`. */
const MATCHERS = Object.entries(API_KEY_ACCESS)
  .map(([path, access]) => ({
    access,
    params: (path.match(/\{[^}]+\}/g) ?? []).length,
    regex: new RegExp(
      `^${path
        .split(/\{[^}]+\}/)
        .map(escape)
        .join('[^/]+')}$`,
    ),
  }))
  .sort((a, b) => a.params - b.params);

/** The classification of a request path (no query string); undefined when it is not listed. */
export function apiKeyAccessOf(pathname: string): ApiKeyAccess | undefined {
  return MATCHERS.find((m) => m.regex.test(pathname))?.access;
}

/** Refuses (403) what this key may not do: an account endpoint, an unlisted one, or a write with a read key. */
export function requireApiKeyAccess(req: IncomingMessage, method: string, apiKey: { scope: ApiKeyScope }): void {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  if (apiKeyAccessOf(pathname) !== 'key') throw new AppError('FORBIDDEN', 'API keys cannot use this endpoint: it is for people signed in.');
  if (apiKey.scope === 'read' && method !== 'GET') throw new AppError('FORBIDDEN', 'This API key may only read (its scope is read).');
}
