import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Actor } from '@/server/identity/actor';
import { pickedLocaleOf, requestLocale, visitorLanguageKey } from './request-locale';

const req = (headers: IncomingMessage['headers']) => ({ headers }) as IncomingMessage;
const visitor: Actor = { kind: 'visitor' };
const person = (locale: 'ja' | null): Actor => ({
  kind: 'user',
  id: 'u',
  role: 'member',
  displayName: 'P',
  email: 'p@example.test',
  emailVerified: true,
  avatarUrl: null,
  sessionHash: 'h',
  locale,
});

describe('the language of a request', () => {
  it('is the person’s setting first, then the picked language, then Accept-Language, then the default', () => {
    const all = req({ cookie: 'chorus_locale=fr', 'accept-language': 'de' });
    expect(requestLocale(all, person('ja'), 'en')).toBe('ja');
    expect(requestLocale(all, person(null), 'en')).toBe('fr');
    expect(requestLocale(req({ 'accept-language': 'de' }), visitor, 'en')).toBe('de');
    expect(requestLocale(req({ 'accept-language': 'it' }), visitor, 'ar')).toBe('ar');
  });

  it('ignores a picked language that is not ours', () => {
    expect(pickedLocaleOf(req({ cookie: 'chorus_locale=<script>' }))).toBeNull();
    expect(requestLocale(req({ cookie: 'chorus_locale=xx', 'accept-language': 'es' }), visitor, 'en')).toBe('es');
  });

  it('keys visitors’ copies by what decides before the workspace default', () => {
    expect(visitorLanguageKey(req({ 'accept-language': 'pt-PT,pt;q=0.9' }))).toBe('pt-BR');
    expect(visitorLanguageKey(req({ cookie: 'chorus_locale=ja', 'accept-language': 'de' }))).toBe('ja');
    expect(visitorLanguageKey(req({ 'accept-language': 'it' }))).toBe('-');
    expect(visitorLanguageKey(req({}))).toBe('-');
  });
});
