import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/core/i18n/locales';
import { AUDIT_ACTIONS, isAuditAction } from './enums';
import { serverWords } from '@/server/i18n/catalogues';
import { auditSentence as sentenceIn, hasSentence, keyWords as keyWordsIn, sentenceText, type AuditFacts } from './sentences';

const en = serverWords('en', 'audit');
const auditSentence = (f: AuditFacts) => sentenceIn(f, en);
const keyWords = (key: string) => keyWordsIn(key, en);

const SRC = path.resolve(__dirname, '../..');

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

/**
 * Every action the code records, read from the source: the `action:` of each `recordAudit({…})`
 * call (a literal, a conditional of literals, or a `const action = …` it names).
 */
function recordedActions(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const note = (action: string, file: string) => found.set(action, [...(found.get(action) ?? []), path.relative(SRC, file)]);
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    let from = 0;
    for (let at = text.indexOf('recordAudit(', from); at >= 0; at = text.indexOf('recordAudit(', from)) {
      from = at + 1;
      if (/(function\s*|import.*)$/.test(text.slice(Math.max(0, at - 40), at))) continue;
      // The call's first argument, up to its closing brace at depth 0.
      let depth = 0;
      let end = at + 'recordAudit('.length;
      for (; end < text.length; end++) {
        const c = text[end];
        if (c === '{' || c === '(') depth++;
        if (c === '}' || c === ')') {
          if (depth === 0) break;
          depth--;
        }
      }
      const call = text.slice(at, end);
      const expression = /\baction:\s*([\s\S]*?)(?:,\s*\n?\s*target|,\s*\n?\s*before|,\s*\n?\s*after|,\s*\n?\s*ip\b)/.exec(call)?.[1];
      const source = expression ?? (/\baction\b\s*[,}]/.test(call) ? /const action = ([^;]+);/.exec(text.slice(0, at))?.[1] : undefined);
      if (!source) throw new Error(`cannot read the action of a recordAudit call in ${path.relative(SRC, file)}`);
      const literals = [...source.matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]!);
      if (literals.length === 0)
        throw new Error(`the action of a recordAudit call in ${path.relative(SRC, file)} is not a literal: ${source}`);
      for (const action of literals) note(action, file);
    }
  }
  return found;
}

const person = (text: string) => ({ text, href: `/admin/members?q=${text.toLowerCase()}@example.test` });
const facts = (action: string, over: Partial<AuditFacts> = {}): AuditFacts => ({
  action,
  actor: person('Ana'),
  target: { text: '#12 “Dark mode”', href: '/p/12-dark-mode' },
  related: null,
  before: {},
  after: {},
  ...over,
});

describe('audit sentences', () => {
  it('cover every action the code records: a new action without a sentence fails here', () => {
    const recorded = recordedActions();
    // Sanity: the reader finds the calls (about fifty actions across the features).
    expect(recorded.size).toBeGreaterThan(40);
    const missing = [...recorded].filter(([action]) => !isAuditAction(action) || !hasSentence(action));
    expect(missing, 'actions recorded without a sentence (add them to AUDIT_ACTIONS and sentences.ts)').toEqual([]);
    // And nothing is listed that nothing records (a stale entry would hide a renamed action).
    expect(AUDIT_ACTIONS.filter((a) => !recorded.has(a))).toEqual([]);
  });

  it('read as English: the actor first, the action in words, never the action code', () => {
    const texts = new Set<string>();
    for (const action of AUDIT_ACTIONS) {
      const text = sentenceText(auditSentence(facts(action, { target: { text: `the ${action.split('.')[0]}`, href: null } })));
      const subject = action.startsWith('user.unconfirmed') ? 'The password set before Ana' : 'Ana ';
      expect(text.startsWith(subject), `${action}: ${text}`).toBe(true);
      expect(text, action).not.toContain(action);
      expect(text, action).not.toMatch(/undefined|null|\[object/);
      texts.add(text);
    }
    // Distinct actions say distinct things.
    expect(texts.size).toBe(AUDIT_ACTIONS.length);
  });

  it('say what changed, from what to what, with links to the things named', () => {
    const status = auditSentence(facts('post.status_changed', { before: { status: 'Open' }, after: { status: 'Planned' } }));
    expect(sentenceText(status)).toBe('Ana changed the status of #12 “Dark mode” from Open to Planned');
    expect(status.filter((p) => p.t === 'ref').map((p) => p.t === 'ref' && p.href)).toEqual([
      '/admin/members?q=ana@example.test',
      '/p/12-dark-mode',
    ]);
    expect(sentenceText(auditSentence(facts('post.status_changed', { before: { status: null }, after: { status: 'Planned' } })))).toBe(
      'Ana set the status of #12 “Dark mode” to Planned',
    );
    const merged = facts('post.merged', {
      target: { text: '#199 “Dark theme”', href: '/p/199' },
      related: { text: '#96 “Dark mode”', href: '/p/96' },
    });
    expect(sentenceText(auditSentence(merged))).toBe('Ana merged #199 “Dark theme” into #96 “Dark mode”');
    expect(sentenceText(auditSentence(facts('member.banned', { target: person('Bob') })))).toBe('Ana banned Bob');
    expect(sentenceText(auditSentence(facts('post.voters_exported', { after: { voters: 120 } })))).toBe(
      'Ana downloaded the voter list of #12 “Dark mode” (120 voters)',
    );
    expect(
      sentenceText(
        auditSentence(facts('member.role_changed', { target: person('Bob'), before: { role: 'member' }, after: { role: 'admin' } })),
      ),
    ).toBe('Ana changed the role of Bob from member to admin');
    expect(sentenceText(auditSentence(facts('member.invited', { after: { email: 'cy@example.test', role: 'admin' } })))).toBe(
      'Ana invited cy@example.test as an admin',
    );
    expect(
      sentenceText(
        auditSentence(
          facts('status.deleted', {
            target: { text: '“Maybe”', href: null },
            after: { movedPosts: 3 },
            related: { text: '“Open”', href: '/admin/statuses' },
          }),
        ),
      ),
    ).toBe('Ana deleted the status “Maybe” and moved its 3 posts to “Open”');
    expect(
      sentenceText(
        auditSentence(
          facts('workspace.settings_changed', {
            before: { name: 'A', accentColor: '#000000' },
            after: { name: 'B', accentColor: '#111111' },
          }),
        ),
      ),
    ).toBe('Ana changed the workspace settings (name and accent colour)');
    const scheduled = auditSentence(facts('changelog.scheduled', { after: { scheduledFor: '2030-01-02T03:04:00.000Z' } }));
    expect(scheduled.at(-1)).toEqual({ t: 'time', iso: '2030-01-02T03:04:00.000Z' });
  });

  it('name the person themselves for what they did through an emailed link, and "The system" otherwise', () => {
    expect(sentenceText(auditSentence(facts('user.password_reset', { actor: null, target: person('Bob') })))).toBe(
      'Bob reset their password with an emailed link',
    );
    expect(sentenceText(auditSentence(facts('changelog.published', { actor: null, target: { text: '“v2”', href: null } })))).toBe(
      'The system published “v2”',
    );
    // An action this version does not know still reads, with its code.
    expect(sentenceText(auditSentence(facts('webhook.someday')))).toBe('Ana: webhook.someday');
  });

  it('turn changed keys into words', () => {
    expect(keyWords('accentColor')).toBe('accent colour');
    expect(keyWords('signupPolicy')).toBe('sign-up policy');
    expect(keyWords('someNewSetting')).toBe('some new setting');
  });
});

describe('audit sentences in the reader’s language', () => {
  // Facts that reach the longer variants: counts, a related thing, a time, changed keys.
  const rich = (action: string): AuditFacts =>
    facts(action, {
      target: { text: 'Target', href: '/target' },
      related: { text: 'Related', href: '/related' },
      before: { role: 'member', status: 'Open', name: 'A', postCount: 2, configured: true, label: 'Okta', impact: 1 },
      after: {
        role: 'admin',
        status: 'Planned',
        name: 'B',
        movedPosts: 3,
        postsMoved: 2,
        voters: 5,
        scheduledFor: '2030-01-02T03:04:00.000Z',
        email: 'cy@example.test',
        provider: 'github',
        label: 'Okta SSO',
        eventType: 'post.created',
        votes: 2,
        impact: 3,
        effort: 1,
        members: 4,
        posts: 7,
        source: 'canny',
        scope: 'read',
        passwordSignIn: false,
      },
    });

  for (const locale of LOCALES) {
    it(`${locale}: every action names who did it, with every argument filled in`, () => {
      const words = serverWords(locale, 'audit');
      const english = new Set(AUDIT_ACTIONS.map((a) => sentenceText(sentenceIn(rich(a), en))));
      let translated = 0;
      for (const action of AUDIT_ACTIONS) {
        const parts = sentenceIn(rich(action), words);
        const text = sentenceText(parts);
        // Who did it is a part of its own (a link to the person), wherever the language puts it.
        expect(
          parts.some((p) => p.t === 'ref' && p.v === 'Ana'),
          `${locale} ${action}: ${text}`,
        ).toBe(true);
        expect(text, `${locale} ${action}`).not.toMatch(/undefined|null|\[object|[{}\u0001\u0002]/);
        if (!english.has(text)) translated++;
      }
      if (locale === 'en') expect(translated).toBe(0);
      else expect(translated, `${locale}: sentences that read as in English`).toBe(AUDIT_ACTIONS.length);
    });
  }

  it('keeps what people typed as typed, inside the language’s words', () => {
    const de = serverWords('de', 'audit');
    const status = sentenceIn(facts('post.status_changed', { before: { status: 'Open' }, after: { status: 'Planned' } }), de);
    const text = sentenceText(status);
    expect(text).toContain('#12 “Dark mode”');
    expect(text).toContain('Open');
    expect(text).toContain('Planned');
    expect(text).not.toContain('changed the status');
    expect(status.filter((p) => p.t === 'ref').map((p) => p.t === 'ref' && p.href)).toEqual([
      '/admin/members?q=ana@example.test',
      '/p/12-dark-mode',
    ]);
    // A changed key the catalogue does not name reads as its own words, whatever it is called.
    const unnamed = facts('board.updated', { before: { constructor: 1, someNewSetting: 1 }, after: { constructor: 2, someNewSetting: 2 } });
    expect(sentenceText(sentenceIn(unnamed, de))).toContain('(constructor und some new setting)');
    // An API key's scope as the key list names it.
    expect(sentenceText(sentenceIn(facts('api_key.created', { after: { scope: 'read' } }), de))).toContain('Lesen');
    // Text that carries the markers the sentences are put together with loses them, so it never
    // turns into another part (here it would have become a second link to Ana).
    const odd = sentenceIn(facts('member.invited', { after: { email: 'x\u00010\u0002y@example.test', role: 'admin' } }), de);
    expect(sentenceText(odd)).toContain('x0y@example.test');
    expect(odd.filter((p) => p.t === 'ref')).toHaveLength(1);
  });
});
