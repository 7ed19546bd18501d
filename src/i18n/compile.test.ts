/**
 * Pages receive their catalogue compiled (src/i18n/compile.ts) and format it with use-intl's
 * format-only runtime (next.config.mjs; vitest.config.mts does the same). Every message of every
 * language must come out whole: arguments filled, plurals chosen, tags applied, no ICU left over.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import format from 'icu-minify/format';
import { createTranslator } from 'use-intl';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@/core/i18n/locales';
import type { Messages } from '@/i18n/messages';
import { catalogueOf, emailTranslator, pageMessagesOf } from '@/server/i18n/catalogues';
import { compileCatalogue } from './compile';

type Tree = { [key: string]: string | Tree };
function* messagesOf(tree: Tree, prefix = ''): Generator<[string, string]> {
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') yield [at, value];
    else yield* messagesOf(value, at);
  }
}

type Values = Record<string, string | number | Date | ((chunks: string[]) => string)>;
/** Sample values for every argument and tag a message uses: names in ⟦⟧, counts 3, selects their first branch. */
function valuesFor(elements: MessageFormatElement[], into: Values = {}): Values {
  for (const el of elements) {
    if (el.type === TYPE.argument) into[el.value] = `⟦${el.value}⟧`;
    else if (el.type === TYPE.number) into[el.value] = 3;
    else if (el.type === TYPE.date || el.type === TYPE.time) into[el.value] = new Date('2026-11-26T10:00:00Z');
    else if (el.type === TYPE.plural) {
      into[el.value] = 3;
      for (const option of Object.values(el.options)) valuesFor(option.value, into);
    } else if (el.type === TYPE.select) {
      into[el.value] = Object.keys(el.options)[0]!;
      for (const option of Object.values(el.options)) valuesFor(option.value, into);
    } else if (el.type === TYPE.tag) {
      const tag = el.value;
      into[tag] = (chunks) => `<${tag}>${chunks.join('')}</${tag}>`;
      valuesFor(el.children, into);
    }
  }
  return into;
}

const FORMATTERS = {
  getDateTimeFormat: (...a: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...a),
  getNumberFormat: (...a: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...a),
  getPluralRules: (...a: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...a),
};

describe('compiled catalogues', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every message formats whole from its compiled form`, () => {
      const compiled = compileCatalogue(catalogueOf(locale)) as unknown as Tree;
      for (const [key, source] of messagesOf(catalogueOf(locale) as unknown as Tree)) {
        const message = key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], compiled);
        const values = valuesFor(parse(source));
        const text = [format(message as Parameters<typeof format>[0], locale, values, { formatters: FORMATTERS, timeZone: 'UTC' })]
          .flat()
          .join('');
        expect(text, `${locale} ${key}`).not.toMatch(/[{}#]/);
        for (const [name, value] of Object.entries(values))
          if (typeof value === 'string' && value.startsWith('⟦') && source.includes(`{${name}}`))
            expect(text, `${locale} ${key}`).toContain(value);
      }
    });
  }

  it('formats through use-intl as pages do: plurals per language, arguments as text, tags', () => {
    const t = (locale: Locale) =>
      createTranslator({
        locale,
        messages: pageMessagesOf(locale, { team: true, optIn: ['auth'] }) as unknown as Messages,
        timeZone: 'UTC',
      });
    expect(t('en')('problems.seconds', { count: 1 })).toBe('1 second');
    expect(t('en')('problems.seconds', { count: 5 })).toBe('5 seconds');
    // User content is an argument: ICU syntax in it is text, never a template.
    expect(t('en')('shell.credit', { workspace: '{x, plural, other {#}} <b>' })).toContain('{x, plural, other {#}} <b>');
    expect(t('en').rich('auth.login.linkSent', { email: 'a@b.test', strong: (c: unknown) => `[${String(c)}]` })).toContain('[a@b.test]');
    // Arabic has six plural forms, Japanese one.
    const ar = [0, 1, 2, 3, 11, 100].map((count) => t('ar')('problems.seconds', { count }));
    expect(new Set(ar).size).toBeGreaterThan(2);
    expect(t('ja')('problems.seconds', { count: 5 })).toMatch(/5/);
  });

  it('writes emails with the same messages, in the recipient’s language', () => {
    expect(emailTranslator('de')('signature', { workspace: 'Acme {x}' })).toContain('Acme {x}');
    expect(emailTranslator('en')('verifyEmail.intro', { workspace: 'Acme' })).toBe(
      'Welcome to Acme feedback! Please confirm that this is your email address.',
    );
  });

  it('keeps a message without arguments as its string, and sends pages no email or audit sentence', () => {
    expect(pageMessagesOf('de', { team: true })).not.toHaveProperty('emails');
    expect(pageMessagesOf('de', { team: true })).not.toHaveProperty('audit');
    // The team's screens reach the team's pages only; the widget's panel only the widget's page.
    expect(pageMessagesOf('de', { team: false })).not.toHaveProperty('teamWork');
    expect(pageMessagesOf('de', { team: false })).not.toHaveProperty('widget');
    expect(pageMessagesOf('de', { team: true })).toHaveProperty('teamAdmin');
    expect(pageMessagesOf('de', { team: false, optIn: ['widget'] })).toHaveProperty('widget');
    // A visitor's page carries neither the sign-in pages' words, nor the bell's, nor the consent
    // banner's while analytics is off: each comes where it can show.
    const visitor = pageMessagesOf('de', { team: false });
    for (const namespace of ['auth', 'notifications', 'analytics']) expect(visitor).not.toHaveProperty(namespace);
    expect(pageMessagesOf('de', { team: false, member: true })).toHaveProperty('notifications');
    expect(pageMessagesOf('de', { team: false, analytics: true })).toHaveProperty('analytics');
    expect(pageMessagesOf('de', { team: false, optIn: ['auth'] })).toHaveProperty('auth');
    expect((pageMessagesOf('en', { team: true }) as unknown as Tree).shell).toMatchObject({ skipLink: 'Skip to content' });
  });
});
