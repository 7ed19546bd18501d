import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

export interface Credentials {
  email: string;
  password: string;
}

/** A unique address per call, so tests never collide on one server. */
export const uniqueEmail = (prefix = 'member') =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;

/** Signs `request` in through the API; its cookies then carry the session. */
export async function apiSignIn(request: APIRequestContext, baseURL: string, creds: Credentials = E2E_ADMIN): Promise<void> {
  const res = await request.post('/api/v1/auth/sign-in', { data: creds, headers: { Origin: baseURL } });
  if (res.status() !== 200) throw new Error(`sign-in as ${creds.email} failed: ${res.status()} ${await res.text()}`);
}

/** The newest email to `to` from the outbox, read as the e2e admin through the API. */
export async function latestEmail(admin: APIRequestContext, to: string, kind?: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await admin.get(`/api/v1/admin/outbox?to=${encodeURIComponent(to)}&limit=20`);
    if (res.status() !== 200) throw new Error(`outbox: ${res.status()} ${await res.text()}`);
    const { items } = (await res.json()) as { items: { kind: string; text: string; html: string; subject: string }[] };
    const found = items.find((m) => !kind || m.kind === kind);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${kind ?? ''} email to ${to} in the outbox`);
}

/** Pulls the path of the first app link (…?token=…) out of an email's text. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+(${path.replace(/[/]/g, '\\/')}\\?token=[A-Za-z0-9_-]+[^\\s]*)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}

/** A browser context signed in as the e2e admin. */
export async function adminContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await apiSignIn(context.request, baseURL);
  return context;
}

/**
 * A verified member created through the real sign-up and verification API (the token comes
 * from the outbox, read as the admin; `anonymous` confirms it, as the browser that signed up).
 * Sign-up answers 201 (signed in at once) where no confirmed email is required, as on a server
 * without SMTP, and 202 where it is. Returns their credentials.
 */
export async function createMember(
  admin: APIRequestContext,
  anonymous: APIRequestContext,
  baseURL: string,
  displayName = 'Test Member',
): Promise<Credentials> {
  const creds = { email: uniqueEmail(), password: 'member password 1234' };
  const up = await anonymous.post('/api/v1/auth/sign-up', { data: { ...creds, displayName }, headers: { Origin: baseURL } });
  if (up.status() !== 201 && up.status() !== 202) throw new Error(`sign-up failed: ${up.status()} ${await up.text()}`);
  const mail = await latestEmail(admin, creds.email, 'verify_email');
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  const verified = await anonymous.post('/api/v1/auth/verify-email', { data: { token }, headers: { Origin: baseURL } });
  if (verified.status() !== 200) throw new Error(`verify failed: ${verified.status()} ${await verified.text()}`);
  return creds;
}

/** A member promoted to moderator by the admin (the role change ends their sessions; sign in afresh after). */
export async function createModerator(admin: APIRequestContext, anonymous: APIRequestContext, baseURL: string): Promise<Credentials> {
  const creds = await createMember(admin, anonymous, baseURL, 'Triage Moderator');
  const list = await admin.get(`/api/v1/members?q=${encodeURIComponent(creds.email)}`);
  const { items } = (await list.json()) as { items: { id: string }[] };
  const res = await admin.patch(`/api/v1/members/${items[0]!.id}`, { data: { role: 'moderator' }, headers: { Origin: baseURL } });
  if (res.status() !== 200) throw new Error(`making ${creds.email} a moderator failed: ${res.status()} ${await res.text()}`);
  return creds;
}
