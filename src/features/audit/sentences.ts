/**
 * The audit log in the reader's language: one sentence per recorded action ("Ana changed the
 * status of #12 “Dark mode” from Open to Planned"), made of text, links and times, never HTML.
 * Pure and browser-safe; the server resolves the people and things an event names (queries.ts)
 * and this turns them into words with the `audit` catalogue (src/i18n/messages/<locale>/audit.json),
 * where each sentence is one message and the people and things are its arguments. Every action
 * of AUDIT_ACTIONS has a sentence: the map below is typed by it, and a test fails when code
 * records an action that is not listed.
 */
import type { Messages } from '@/i18n/messages';
import { isAuditAction, type AuditAction } from './enums';
import type { AuditPart, AuditRef } from './schema';

/** What a sentence is made from. */
export interface AuditFacts {
  action: string;
  /** Who did it; null when no person did (the system, or someone through an emailed link: then the target is who). */
  actor: AuditRef | null;
  /** What it was done to. */
  target: AuditRef | null;
  /** A second thing it names: the post merged into, the status posts moved to, the person a vote was cast for. */
  related: AuditRef | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A message of the `audit` catalogue, by its dotted name. */
export type AuditKey = Leaves<Messages['audit']>;

/** The `audit` messages of one language, formatted as text (src/server/i18n/catalogues.ts, serverWords). */
export interface AuditWords {
  locale: string;
  t: (key: AuditKey, values?: Record<string, string | number>) => string;
  /** Whether the catalogue has a message by this dotted name. */
  has: (key: string) => boolean;
}

type Slot = AuditRef | { iso: string };
type Arg = string | number | Slot | null | undefined;

/**
 * Writes one sentence: names and times go into the message as markers, so a translation can
 * put them anywhere, and come out as parts (links, names, times) around the text.
 */
class Writer {
  private readonly slots: Slot[] = [];
  constructor(readonly words: AuditWords) {}

  /** A message with its arguments: a person or thing (a ref) or a time is a slot, the rest text. */
  say(key: AuditKey, args: Record<string, Arg> = {}): string {
    const values: Record<string, string | number> = {};
    for (const [name, v] of Object.entries(args)) {
      if (v === null || v === undefined) continue;
      values[name] = typeof v === 'object' ? this.slot(v) : v;
    }
    return this.words.t(key, values);
  }

  private slot(v: Slot): string {
    this.slots.push(v);
    return `${OPEN}${this.slots.length - 1}${CLOSE}`;
  }

  /** The written text as parts. */
  parts(text: string): AuditPart[] {
    const parts: AuditPart[] = [];
    const pushText = (v: string) => {
      if (v !== '') parts.push({ t: 'text', v });
    };
    let last = 0;
    for (const m of text.matchAll(MARKER)) {
      pushText(text.slice(last, m.index));
      const slot = this.slots[Number(m[1])]!;
      parts.push('iso' in slot ? { t: 'time', iso: slot.iso } : { t: 'ref', v: slot.text, href: slot.href });
      last = m.index + m[0].length;
    }
    pushText(text.slice(last));
    return parts;
  }

  /** Items as the language lists them ("name and colour"; "impact 3 and Ana as owner"). */
  list(items: string[]): string {
    return new Intl.ListFormat(this.words.locale, { type: 'conjunction', style: 'long' }).format(items);
  }
}

// Markers that no text written by people carries: text() removes them from what they wrote.
const OPEN = '\u0001';
const CLOSE = '\u0002';
const MARKER = /\u0001(\d+)\u0002/g;

/** Text people wrote (a name, an address), as an argument: never able to pass for a marker. */
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v.replace(/[\u0001\u0002]/g, '') : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** A role as the select arguments of the catalogue name it (admin, moderator, other). */
const role = (v: unknown): string => (v === 'admin' || v === 'moderator' ? v : 'member');

/** The catalogue's message by this name, or `fallback` when it has none (a name newer than its translations). */
const wordOr = (words: AuditWords, name: string, fallback: string): string => (words.has(name) ? words.t(name as AuditKey) : fallback);

/** `accentColor` → "accent colour": the names of what changed, for "changed … (name and colour)". */
export const keyWords = (key: string, words: AuditWords): string =>
  wordOr(words, `keys.${key}`, key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

/** An API key's scope as the key list names it; one the catalogue does not know, as stored. */
const scopeWords = (scope: string, words: AuditWords): string => wordOr(words, `scopes.${scope}`, scope);

/** The sentence, with what changed between before and after added: "… (name and colour)". */
function withChangedKeys(w: Writer, f: AuditFacts, sentence: string): string {
  const keys = [...new Set([...Object.keys(f.before), ...Object.keys(f.after)])].filter(
    (k) => JSON.stringify(f.before[k]) !== JSON.stringify(f.after[k]),
  );
  if (keys.length === 0) return sentence;
  return w.say('changedKeys', { sentence, keys: w.list(keys.map((k) => keyWords(k, w.words))) });
}

type Sentence = (w: Writer, who: AuditRef, f: AuditFacts, what: AuditRef) => string;

/** A sentence that names only who did it, or who and what. */
const plain =
  (key: AuditKey): Sentence =>
  (w, who, _f, what) =>
    w.say(key, { who, what });
/** The same, with the changed keys added. */
const changed =
  (key: AuditKey): Sentence =>
  (w, who, f, what) =>
    withChangedKeys(w, f, w.say(key, { who, what }));

/**
 * One sentence per action. `who` is the actor (or, for the account actions done through an
 * emailed link, the person themselves); `what` the target (or a stand-in when it is gone).
 */
const SENTENCES: Record<AuditAction, Sentence> = {
  'workspace.setup': (w, who, f) =>
    text(f.after.name)
      ? w.say('action.workspace.setupNamed', { who, name: w.say('ref.named', { name: text(f.after.name) }) })
      : w.say('action.workspace.setup', { who }),
  'workspace.settings_changed': changed('action.workspace.settings_changed'),
  'workspace.logo_changed': plain('action.workspace.logo_changed'),
  'workspace.logo_removed': plain('action.workspace.logo_removed'),
  'workspace.favicon_changed': plain('action.workspace.favicon_changed'),
  'workspace.favicon_removed': plain('action.workspace.favicon_removed'),
  'workspace.identify_secret_rotated': (w, who, f) =>
    w.say(f.before.configured === false ? 'action.workspace.identify_secret_created' : 'action.workspace.identify_secret_rotated', { who }),
  'workspace.priority_weights_changed': (w, who, f) =>
    num(f.after.votes) !== null
      ? w.say('action.workspace.priority_weights_changedTo', {
          who,
          votes: num(f.after.votes),
          impact: num(f.after.impact) ?? 0,
          effort: num(f.after.effort) ?? 0,
        })
      : w.say('action.workspace.priority_weights_changed', { who }),

  'workspace.password_sign_in_changed': (w, who, f) =>
    w.say(f.after.passwordSignIn === false ? 'action.workspace.password_sign_in_off' : 'action.workspace.password_sign_in_on', { who }),
  'sso.provider_saved': (w, who, f) => w.say('action.sso.provider_saved', { who, provider: provider(w, f.after) }),
  'sso.provider_removed': (w, who, f) => w.say('action.sso.provider_removed', { who, provider: provider(w, f.before) }),

  'user.signed_up': (w, who, f) =>
    f.after.role && f.after.role !== 'member'
      ? w.say('action.user.signed_upAs', { who, role: role(f.after.role) })
      : w.say('action.user.signed_up', { who }),
  'user.profile_updated': changed('action.user.profile_updated'),
  'user.email_change_requested': plain('action.user.email_change_requested'),
  'user.email_changed': plain('action.user.email_changed'),
  'user.password_changed': plain('action.user.password_changed'),
  'user.password_set': plain('action.user.password_set'),
  'user.password_reset': plain('action.user.password_reset'),
  'user.unconfirmed_password_cleared': plain('action.user.unconfirmed_password_cleared'),
  'user.deleted': plain('action.user.deleted'),
  'user.joined_by_identify': plain('action.user.joined_by_identify'),
  'user.sso_linked': (w, who, f) => w.say('action.user.sso_linked', { who, provider: text(f.after.provider) ?? w.say('ref.singleSignOn') }),

  'member.invited': (w, who, f) =>
    w.say('action.member.invited', { who, email: text(f.after.email) ?? w.say('ref.someone'), role: role(f.after.role) }),
  'member.invitation_reissued': (w, who, f) =>
    w.say(f.after.emailed === true ? 'action.member.invitation_resent' : 'action.member.invitation_link', {
      who,
      email: text(f.after.email) ?? w.say('ref.someone'),
    }),
  'member.invitation_revoked': (w, who, f) =>
    w.say('action.member.invitation_revoked', { who, email: text(f.before.email) ?? w.say('ref.someone') }),
  'member.role_changed': (w, who, f, what) =>
    w.say('action.member.role_changed', { who, what, from: role(f.before.role), to: role(f.after.role) }),
  'member.banned': plain('action.member.banned'),
  'member.unbanned': plain('action.member.unbanned'),
  'member.email_verified': plain('action.member.email_verified'),
  'member.created_for_vote': plain('action.member.created_for_vote'),
  'member.created_for_customer': plain('action.member.created_for_customer'),

  'post.edited': plain('action.post.edited'),
  'post.deleted': plain('action.post.deleted'),
  'post.status_changed': (w, who, f, what) =>
    text(f.before.status)
      ? w.say('action.post.status_changed', {
          who,
          what,
          from: text(f.before.status),
          to: text(f.after.status) ?? w.say('ref.anotherStatus'),
        })
      : w.say('action.post.status_set', { who, what, to: text(f.after.status) ?? w.say('ref.aStatus') }),
  'post.approved': plain('action.post.approved'),
  'post.rejected': plain('action.post.rejected'),
  'post.pinned': plain('action.post.pinned'),
  'post.unpinned': plain('action.post.unpinned'),
  'post.merged': (w, who, f, what) => w.say('action.post.merged', { who, what, into: f.related ?? w.say('ref.anotherPost') }),
  'post.unmerged': (w, who, f, what) =>
    f.related ? w.say('action.post.unmergedFrom', { who, what, from: f.related }) : w.say('action.post.unmerged', { who, what }),
  'post.properties_changed': (w, who, f, what) => {
    const changes = Object.keys(f.after)
      .filter((k) => JSON.stringify(f.before[k]) !== JSON.stringify(f.after[k]))
      .map((k) => {
        const v = f.after[k];
        if (k === 'owner')
          return v === null || v === undefined ? w.say('property.ownerRemoved') : w.say('property.owner', { owner: text(String(v)) });
        const name = keyWords(k, w.words);
        return v === null || v === undefined
          ? w.say('property.cleared', { name })
          : w.say('property.set', { name, value: text(String(v)) });
      });
    return changes.length > 0
      ? w.say('action.post.properties_changedTo', { who, what, changes: w.list(changes) })
      : w.say('action.post.properties_changed', { who, what });
  },
  'post.tags_changed': (w, who, f, what) => {
    const tags = (Array.isArray(f.after.tags) ? f.after.tags : []).map(text).filter((t): t is string => t !== null);
    return tags.length > 0
      ? w.say('action.post.tags_changed', { who, what, tags: w.list(tags) })
      : w.say('action.post.tags_cleared', { who, what });
  },
  'post.voters_exported': (w, who, f, what) =>
    num(f.after.voters) !== null
      ? w.say('action.post.voters_exportedCount', { who, what, count: num(f.after.voters) })
      : w.say('action.post.voters_exported', { who, what }),
  'vote.cast_on_behalf': (w, who, f, what) =>
    w.say('action.vote.cast_on_behalf', { who, what, voter: f.related ?? text(f.after.email) ?? w.say('ref.someone') }),

  'comment.edited': plain('action.comment.edited'),
  'comment.deleted': plain('action.comment.deleted'),

  'board.created': plain('action.board.created'),
  'board.updated': changed('action.board.updated'),
  'board.archived': plain('action.board.archived'),
  'board.unarchived': plain('action.board.unarchived'),
  'board.reordered': plain('action.board.reordered'),

  'status.created': plain('action.status.created'),
  'status.updated': changed('action.status.updated'),
  'status.reordered': plain('action.status.reordered'),
  'status.deleted': (w, who, f, what) => {
    const moved = num(f.after.movedPosts) ?? 0;
    return moved > 0
      ? w.say('action.status.deletedMoved', { who, what, count: moved, to: f.related ?? w.say('ref.anotherStatus') })
      : w.say('action.status.deleted', { who, what });
  },

  'tag.created': plain('action.tag.created'),
  'tag.updated': changed('action.tag.updated'),
  'tag.deleted': (w, who, f, what) => {
    const count = num(f.before.postCount) ?? 0;
    return count > 0 ? w.say('action.tag.deletedFrom', { who, what, count }) : w.say('action.tag.deleted', { who, what });
  },

  'webhook.created': plain('action.webhook.created'),
  'webhook.updated': changed('action.webhook.updated'),
  'webhook.deleted': plain('action.webhook.deleted'),
  'webhook.secret_rotated': plain('action.webhook.secret_rotated'),
  'webhook.enabled': plain('action.webhook.enabled'),
  'webhook.test_sent': plain('action.webhook.test_sent'),
  'webhook.redelivered': (w, who, f, what) =>
    w.say('action.webhook.redelivered', { who, what, event: text(f.after.eventType) ?? w.say('ref.anEvent') }),

  'changelog.created': plain('action.changelog.created'),
  'changelog.updated': changed('action.changelog.updated'),
  'changelog.deleted': plain('action.changelog.deleted'),
  'changelog.published': (w, who, f, what) => {
    const moved = num(f.after.postsMoved) ?? 0;
    if (moved === 0) return w.say('action.changelog.published', { who, what });
    return text(f.after.status)
      ? w.say('action.changelog.publishedMovedTo', { who, what, count: moved, status: text(f.after.status) })
      : w.say('action.changelog.publishedMoved', { who, what, count: moved });
  },
  'changelog.unpublished': plain('action.changelog.unpublished'),
  'changelog.scheduled': (w, who, f, what) =>
    text(f.after.scheduledFor)
      ? w.say('action.changelog.scheduledFor', { who, what, when: { iso: text(f.after.scheduledFor)! } })
      : w.say('action.changelog.scheduled', { who, what }),
  'changelog.unscheduled': plain('action.changelog.unscheduled'),
  'changelog.label_created': (w, who, f) =>
    w.say('action.changelog.label_created', {
      who,
      label: text(f.after.name) ? w.say('ref.named', { name: text(f.after.name) }) : w.say('ref.aLabel'),
    }),

  'data.exported': (w, who, f) =>
    num(f.after.posts) !== null
      ? w.say('action.data.exportedCounts', { who, members: num(f.after.members) ?? 0, posts: num(f.after.posts) })
      : w.say('action.data.exported', { who }),
  'api_key.created': (w, who, f, what) =>
    text(f.after.scope)
      ? w.say('action.api_key.createdScope', { who, what, scope: scopeWords(text(f.after.scope)!, w.words) })
      : w.say('action.api_key.created', { who, what }),
  'api_key.revoked': plain('action.api_key.revoked'),
  'data.imported': (w, who, f) => {
    const posts = num(f.after.posts);
    const from = text(f.after.source);
    const source = from === 'chorus' ? w.say('ref.chorusExport') : from && from.replace(/^./, (c) => c.toUpperCase());
    if (posts !== null)
      return source ? w.say('action.data.importedPostsFrom', { who, posts, source }) : w.say('action.data.importedPosts', { who, posts });
    return source ? w.say('action.data.importedFrom', { who, source }) : w.say('action.data.imported', { who });
  },
};

/** A provider as the log names it: its button label in quotes, else its kind, else "a provider". */
function provider(w: Writer, values: Record<string, unknown>): string {
  const label = text(values.label);
  return label ? w.say('ref.named', { name: label }) : (text(values.provider) ?? w.say('ref.aProvider'));
}

/** Whether an action has a sentence of its own (every recorded action must). */
export const hasSentence = (action: string): boolean => isAuditAction(action) && action in SENTENCES;

/**
 * The event as a sentence in the words' language. An action the log does not know (one
 * recorded by an older or newer version) still reads: "Ana: some.action".
 */
export function auditSentence(f: AuditFacts, words: AuditWords): AuditPart[] {
  const w = new Writer(words);
  // Account actions done through an emailed link have no actor: the person is the target.
  const who = f.actor ?? (f.target && f.action.startsWith('user.') ? f.target : { text: w.say('ref.system'), href: null });
  const what = f.target ?? { text: w.say('ref.gone'), href: null };
  if (!isAuditAction(f.action)) return w.parts(w.say('unknownAction', { who, action: text(f.action) }));
  return w.parts(SENTENCES[f.action](w, who, f, what));
}

/** The sentence as plain text (for tests, and readers without links). */
export const sentenceText = (parts: readonly AuditPart[]): string => parts.map((p) => (p.t === 'time' ? p.iso : p.v)).join('');
