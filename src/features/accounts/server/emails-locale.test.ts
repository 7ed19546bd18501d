import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { outbox, rateLimits, users, workspaceSettings } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { runJobs } from '@/test/jobs';
import { forgetWorkspace } from '@/server/workspace';
import { forgotPasswordRoute, magicLinkRoute, signUpRoute } from './handlers';
import { localeRoute } from './me-handlers';

useTestDatabase();

beforeEach(async () => {
  await db().delete(rateLimits);
});
afterAll(async () => {
  await setWorkspace({ defaultLocale: 'en', emailConfirmation: 'auto' });
});

/** Changes the settings row directly; the in-memory copy of the workspace (embedded PGlite) is dropped with it. */
async function setWorkspace(values: Partial<typeof workspaceSettings.$inferInsert>) {
  await db().update(workspaceSettings).set(values);
  forgetWorkspace();
}

async function lastEmailTo(email: string) {
  const [row] = await db().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
  return row!;
}

describe('account emails are written in the recipient’s language', () => {
  it('uses the person’s own setting (users.locale) for a password reset, whatever the browser that asked', async () => {
    const person = await createTestActor('member');
    await db().update(users).set({ locale: 'de' }).where(eq(users.id, person.id));
    const res = await callRoute(forgotPasswordRoute, {
      method: 'POST',
      body: { email: person.email },
      headers: { 'accept-language': 'fr' },
    });
    expect(res.status).toBe(202);
    await runJobs();
    const email = await lastEmailTo(person.email);
    expect(email.kind).toBe('reset_password');
    expect(email.subject).toBe('Setze dein Passwort zurück · Chorus');
    expect(email.payload.text).toContain('Neues Passwort wählen: ');
    expect(email.payload.html).toContain('<html lang="de" dir="ltr">');
  });

  it('falls back to the workspace default for someone without a setting, right to left in Arabic', async () => {
    await setWorkspace({ defaultLocale: 'ar' });
    const person = await createTestActor('member');
    await callRoute(magicLinkRoute, { method: 'POST', body: { email: person.email } });
    await runJobs();
    const email = await lastEmailTo(person.email);
    expect(email.kind).toBe('magic_link');
    expect(email.subject).toBe('رابط تسجيل الدخول الخاص بك · Chorus');
    expect(email.payload.html).toContain('<html lang="ar" dir="rtl">');
    await setWorkspace({ defaultLocale: 'en' });
  });

  it('follows a setting saved through PUT /api/v1/me/locale, and null goes back to the default', async () => {
    const person = await createTestActor('member');
    const saved = await callRoute(localeRoute, { method: 'PUT', body: { locale: 'ja' }, as: person });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ locale: 'ja' });
    await callRoute(magicLinkRoute, { method: 'POST', body: { email: person.email } });
    await runJobs();
    expect((await lastEmailTo(person.email)).subject).toBe('ログインリンク · Chorus');

    await callRoute(localeRoute, { method: 'PUT', body: { locale: null }, as: person });
    await db().delete(rateLimits);
    await callRoute(magicLinkRoute, { method: 'POST', body: { email: person.email } });
    await runJobs();
    expect((await lastEmailTo(person.email)).subject).toBe('Your sign-in link · Chorus');
  });

  it('refuses a language that is not ours, and visitors', async () => {
    const person = await createTestActor('member');
    expect((await callRoute(localeRoute, { method: 'PUT', body: { locale: 'xx' }, as: person })).status).toBe(422);
    expect((await callRoute(localeRoute, { method: 'PUT', body: { locale: 'de' } })).status).toBe(401);
  });

  it('writes a new account’s confirmation email in the language it signed up in', async () => {
    await setWorkspace({ emailConfirmation: 'required' });
    const res = await callRoute(signUpRoute, {
      method: 'POST',
      body: { email: 'nouvelle@example.test', displayName: 'Nouvelle', password: 'a long password' },
      headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
    });
    expect(res.status).toBe(202);
    await runJobs();
    const email = await lastEmailTo('nouvelle@example.test');
    expect(email.kind).toBe('verify_email');
    expect(email.subject).toBe('Confirmez votre adresse e-mail · Chorus');
    // The workspace name is an argument, never part of the template.
    expect(email.payload.text).toContain('Bienvenue sur l’espace de retours de Chorus !');
    await setWorkspace({ emailConfirmation: 'auto' });
  });
});
