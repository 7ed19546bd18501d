import { createTranslator } from 'use-intl';
import { describe, expect, it } from 'vitest';
import type { Messages } from '@/i18n/messages';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import { ApiError } from '@/lib/api';
import { describeProblem } from './errors';

const german = createTranslator({
  locale: 'de',
  messages: pageMessagesOf('de', { team: true }) as unknown as Messages,
  namespace: 'problems',
});

describe('describeProblem: an account form’s summary and field texts', () => {
  it('says the unverified-email refusal in the page’s language, with its code for the summary', () => {
    const unverified = new ApiError(
      403,
      'FORBIDDEN',
      'Please confirm your email address first: we have sent you a new link.',
      {},
      undefined,
      'emailUnconfirmedSent',
    );
    expect(describeProblem(unverified, german)).toEqual({
      code: 'FORBIDDEN',
      message: 'Bitte bestätige zuerst deine E-Mail-Adresse: Wir haben dir einen neuen Link geschickt.',
      fields: {},
    });
  });

  it('gives each field the server named its text, and a raw exception the generic words', () => {
    const taken = new ApiError(409, 'CONFLICT', 'x', { email: 'An account already uses this address.' }, undefined, 'emailTaken');
    expect(describeProblem(taken, german).fields).toEqual({
      email: 'Diese E-Mail-Adresse wird bereits von einem Konto verwendet. Melde dich an oder setze dein Passwort zurück.',
    });
    expect(describeProblem(new Error('secret'), german)).toEqual({
      code: 'INTERNAL',
      message: 'Bei uns ist etwas schiefgelaufen. Bitte versuche es erneut.',
      fields: {},
    });
  });
});
