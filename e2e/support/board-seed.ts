import type { APIRequestContext } from '@playwright/test';
import type { Role } from '@/core/identity/roles';

/**
 * Seeding for the board-list specs through the public API only (the e2e server's PGlite is
 * private to it). Statuses and tags go through the triage API (GET /api/v1/statuses,
 * POST /api/v1/tags, POST /api/v1/posts/[n]/status, PUT /api/v1/posts/[n]/tags), built beside
 * the boards in issue 4; `team` must be signed in as a moderator or admin.
 */
async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function statusIdBySlug(team: APIRequestContext, slug: string): Promise<string> {
  const { items } = await ok<{ items: { id: string; slug: string }[] }>(await team.get('/api/v1/statuses'), 'listing statuses');
  const found = items.find((s) => s.slug === slug);
  if (!found) throw new Error(`no status ${slug}`);
  return found.id;
}

export async function createTag(team: APIRequestContext, baseURL: string, name: string): Promise<string> {
  const tag = await ok<{ id: string }>(
    await team.post('/api/v1/tags', { data: { name }, headers: { Origin: baseURL } }),
    `creating tag ${name}`,
  );
  return tag.id;
}

export async function setPostStatus(team: APIRequestContext, baseURL: string, number: number, statusId: string): Promise<void> {
  await ok(
    await team.post(`/api/v1/posts/${number}/status`, { data: { statusId, note: '' }, headers: { Origin: baseURL } }),
    `status of #${number}`,
  );
}

export async function setPostTags(team: APIRequestContext, baseURL: string, number: number, tagIds: string[]): Promise<void> {
  await ok(await team.put(`/api/v1/posts/${number}/tags`, { data: { tagIds }, headers: { Origin: baseURL } }), `tags of #${number}`);
}

/** Changes a person's role (admins): finds them by email in the member list. */
export async function setRole(admin: APIRequestContext, baseURL: string, email: string, role: Role): Promise<void> {
  const { items } = await ok<{ items: { id: string; email: string }[] }>(
    await admin.get(`/api/v1/members?q=${encodeURIComponent(email)}`),
    'finding member',
  );
  const person = items.find((m) => m.email === email);
  if (!person) throw new Error(`no member ${email}`);
  await ok(await admin.patch(`/api/v1/members/${person.id}`, { data: { role }, headers: { Origin: baseURL } }), `role of ${email}`);
}
