import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { apiSignIn, createMember, type Credentials } from './accounts';

/**
 * A board created by the e2e admin through POST /api/v1/boards {name, slug} (the boards API).
 * `admin` must be signed in as the admin.
 */
export async function createBoard(admin: APIRequestContext, baseURL: string, prefix = 'board'): Promise<{ slug: string; name: string }> {
  const slug = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const name = `Board ${slug}`;
  const res = await admin.post('/api/v1/boards', { data: { name, slug }, headers: { Origin: baseURL } });
  if (res.status() !== 201) throw new Error(`creating board ${slug} needs POST /api/v1/boards: ${res.status()} ${await res.text()}`);
  return { slug, name };
}

/** Creates a post through the API as whoever `request` is signed in as. */
export async function createPost(
  request: APIRequestContext,
  baseURL: string,
  board: string,
  title: string,
  body = '',
): Promise<{ number: number; slug: string; id: string }> {
  const res = await request.post('/api/v1/posts', { data: { board, title, body }, headers: { Origin: baseURL } });
  if (res.status() !== 201) throw new Error(`creating a post failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { number: number; slug: string; id: string };
}

/** A fresh verified member, signed up from a browser context of their own; their credentials. */
export async function newMember(
  browser: Browser,
  admin: APIRequestContext,
  baseURL: string,
  displayName = 'Test Member',
): Promise<Credentials> {
  const anonymous = await browser.newContext({ baseURL });
  try {
    return await createMember(admin, anonymous.request, baseURL, displayName);
  } finally {
    await anonymous.close();
  }
}

/** A fresh verified member and a browser context signed in as them. */
export async function memberContext(
  browser: Browser,
  admin: APIRequestContext,
  baseURL: string,
  displayName = 'Test Member',
): Promise<{ context: BrowserContext; creds: Credentials }> {
  const creds = await newMember(browser, admin, baseURL, displayName);
  const context = await browser.newContext({ baseURL });
  await apiSignIn(context.request, baseURL, creds);
  return { context, creds };
}
