/**
 * The audit log in English: one sentence per recorded action ("Ana changed the status of #12
 * “Dark mode” from Open to Planned"), made of text, links and times, never HTML. Pure and
 * browser-safe; the server resolves the people and things an event names (queries.ts) and this
 * turns them into words. Every action of AUDIT_ACTIONS has a sentence: the map below is typed by
 * it, and a test fails when code records an action that is not listed.
 */
import { ROLE_LABELS, type Role } from '@/core/identity/roles';
import { AUDIT_ACTIONS, isAuditAction, type AuditAction } from './enums';

/** A person or thing an event names: its name now, and where to see it (null: nowhere, e.g. deleted). */
export interface AuditRef {
  text: string;
  href: string | null;
}

export type AuditPart = { t: 'text'; v: string } | { t: 'ref'; v: string; href: string | null } | { t: 'time'; iso: string };

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

type Piece = string | AuditRef | { iso: string } | null | undefined | false;

/** Joins pieces into parts: strings are text, refs are links (or names), `{iso}` a time. */
function say(...pieces: Piece[]): AuditPart[] {
  const parts: AuditPart[] = [];
  for (const p of pieces) {
    if (p === null || p === undefined || p === false || p === '') continue;
    if (typeof p === 'string') {
      const last = parts[parts.length - 1];
      if (last?.t === 'text') last.v += p;
      else parts.push({ t: 'text', v: p });
    } else if ('iso' in p) {
      parts.push({ t: 'time', iso: p.iso });
    } else {
      parts.push({ t: 'ref', v: p.text, href: p.href });
    }
  }
  return parts;
}

const SYSTEM: AuditRef = { text: 'The system', href: null };
const SOMETHING: AuditRef = { text: 'something that no longer exists', href: null };

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const roleName = (v: unknown): string => (typeof v === 'string' && v in ROLE_LABELS ? ROLE_LABELS[v as Role].toLowerCase() : 'member');
const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const quoted = (v: unknown): string | null => (str(v) ? `“${str(v)}”` : null);

const KEY_WORDS: Record<string, string> = {
  accentColor: 'accent colour',
  color: 'colour',
  defaultTheme: 'default theme',
  signupPolicy: 'sign-up policy',
  allowedDomains: 'allowed domains',
  widgetOrigins: 'widget host origins',
  emailConfirmation: 'email confirmation',
  grantedUserIds: 'granted members',
  onRoadmap: 'roadmap',
  displayName: 'name',
  avatarUrl: 'picture',
  postNumbers: 'linked posts',
  publishStatusId: 'status on publishing',
};
/** `accentColor` → "accent colour": the names of what changed, for "changed … (name, colour)". */
export const keyWords = (key: string): string => KEY_WORDS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** What changed between before and after, as words: " (name, colour)", or nothing. */
function changedKeys(f: AuditFacts): string {
  const keys = [...new Set([...Object.keys(f.before), ...Object.keys(f.after)])].filter(
    (k) => JSON.stringify(f.before[k]) !== JSON.stringify(f.after[k]),
  );
  return keys.length > 0 ? ` (${keys.map(keyWords).join(', ')})` : '';
}

type Sentence = (who: AuditRef, f: AuditFacts, what: AuditRef) => AuditPart[];

/**
 * One sentence per action. `who` is the actor (or, for the account actions done through an
 * emailed link, the person themselves); `what` the target (or a stand-in when it is gone).
 */
const SENTENCES: Record<AuditAction, Sentence> = {
  'workspace.setup': (who, f) => say(who, ' set up the workspace', quoted(f.after.name) && ` ${quoted(f.after.name)}`),
  'workspace.settings_changed': (who, f) => say(who, ' changed the workspace settings', changedKeys(f)),
  'workspace.logo_changed': (who) => say(who, ' uploaded a new logo'),
  'workspace.logo_removed': (who) => say(who, ' removed the logo'),
  'workspace.favicon_changed': (who) => say(who, ' uploaded a new favicon'),
  'workspace.favicon_removed': (who) => say(who, ' removed the favicon'),
  'workspace.identify_secret_rotated': (who, f) =>
    say(
      who,
      f.before.configured === false
        ? ' created the identify secret'
        : ' replaced the identify secret (tokens signed with the old one stop working)',
    ),
  'workspace.priority_weights_changed': (who, f) =>
    say(
      who,
      ' changed the priority weights',
      num(f.after.votes) !== null
        ? ` to votes ${num(f.after.votes)}, impact ${num(f.after.impact) ?? 0}, effort ${num(f.after.effort) ?? 0}`
        : '',
    ),

  'workspace.password_sign_in_changed': (who, f) =>
    say(who, f.after.passwordSignIn === false ? ' turned password sign-in off (single sign-on only)' : ' turned password sign-in on'),
  'sso.provider_saved': (who, f) =>
    say(who, ' configured single sign-on with ', quoted(f.after.label) ?? str(f.after.provider) ?? 'a provider'),
  'sso.provider_removed': (who, f) =>
    say(who, ' removed single sign-on with ', quoted(f.before.label) ?? str(f.before.provider) ?? 'a provider'),

  'user.signed_up': (who, f) =>
    say(who, ' signed up', f.after.role && f.after.role !== 'member' ? ` as ${article(roleName(f.after.role))}` : ''),
  'user.profile_updated': (who, f) => say(who, ' updated their profile', changedKeys(f)),
  'user.email_change_requested': (who) => say(who, ' asked to change their email address'),
  'user.email_changed': (who) => say(who, ' changed their email address, confirmed by an emailed link'),
  'user.password_changed': (who) => say(who, ' changed their password'),
  'user.password_set': (who) => say(who, ' set a password'),
  'user.password_reset': (who) => say(who, ' reset their password with an emailed link'),
  'user.unconfirmed_password_cleared': (who) =>
    say('The password set before ', who, ' confirmed their address was removed, because someone else had set it'),
  'user.deleted': (who) => say(who, ' deleted their account'),
  'user.joined_by_identify': (who) => say(who, ' joined, signed in by the product they came from (identify token)'),
  'user.sso_linked': (who, f) => say(who, ' signed in through ', str(f.after.provider) ?? 'single sign-on', ' for the first time'),

  'member.invited': (who, f) => say(who, ' invited ', str(f.after.email) ?? 'someone', ' as ', article(roleName(f.after.role))),
  'member.role_changed': (who, f, what) =>
    say(who, ' changed the role of ', what, ' from ', roleName(f.before.role), ' to ', roleName(f.after.role)),
  'member.banned': (who, _f, what) => say(who, ' banned ', what),
  'member.unbanned': (who, _f, what) => say(who, ' lifted the ban on ', what),
  'member.email_verified': (who, _f, what) => say(who, ' marked the email address of ', what, ' as confirmed'),
  'member.created_for_vote': (who, _f, what) => say(who, ' created an account for ', what, ' to vote on their behalf'),
  'member.created_for_customer': (who, _f, what) => say(who, ' created an account for ', what, ' to act on their behalf'),

  'post.edited': (who, _f, what) => say(who, ' edited ', what),
  'post.deleted': (who, _f, what) => say(who, ' deleted ', what),
  'post.status_changed': (who, f, what) =>
    str(f.before.status)
      ? say(who, ' changed the status of ', what, ' from ', str(f.before.status), ' to ', str(f.after.status) ?? 'another status')
      : say(who, ' set the status of ', what, ' to ', str(f.after.status) ?? 'a status'),
  'post.approved': (who, _f, what) => say(who, ' approved ', what),
  'post.rejected': (who, _f, what) => say(who, ' rejected ', what),
  'post.pinned': (who, _f, what) => say(who, ' pinned ', what),
  'post.unpinned': (who, _f, what) => say(who, ' unpinned ', what),
  'post.merged': (who, f, what) => say(who, ' merged ', what, ' into ', f.related ?? 'another post'),
  'post.unmerged': (who, f, what) => say(who, ' unmerged ', what, f.related ? ' from ' : '', f.related),
  'post.properties_changed': (who, f, what) => {
    const shown = (k: string, v: unknown) => (v === null || v === undefined ? `no ${k}` : k === 'owner' ? String(v) : `${k} ${String(v)}`);
    const changes = Object.keys(f.after)
      .filter((k) => JSON.stringify(f.before[k]) !== JSON.stringify(f.after[k]))
      .map((k) =>
        k === 'owner'
          ? f.after[k] === null
            ? 'removed the owner'
            : `made ${shown(k, f.after[k])} the owner`
          : `set ${shown(k, f.after[k])}`,
      );
    return say(who, changes.length ? ` ${changes.join(', ')} on ` : ' changed the properties of ', what);
  },
  'post.voters_exported': (who, f, what) =>
    say(who, ' downloaded the voter list of ', what, num(f.after.voters) !== null ? ` (${plural(num(f.after.voters)!, 'voter')})` : ''),
  'vote.cast_on_behalf': (who, f, what) => say(who, ' voted for ', what, ' on behalf of ', f.related ?? str(f.after.email) ?? 'someone'),

  'comment.edited': (who, _f, what) => say(who, ' edited ', what),
  'comment.deleted': (who, _f, what) => say(who, ' deleted ', what),
  'comment.approved': (who, _f, what) => say(who, ' approved ', what),
  'comment.rejected': (who, _f, what) => say(who, ' rejected ', what),

  'board.created': (who, _f, what) => say(who, ' created the board ', what),
  'board.updated': (who, f, what) => say(who, ' changed the board ', what, changedKeys(f)),
  'board.archived': (who, _f, what) => say(who, ' archived the board ', what),
  'board.unarchived': (who, _f, what) => say(who, ' reopened the board ', what),
  'board.reordered': (who) => say(who, ' reordered the boards'),

  'status.created': (who, _f, what) => say(who, ' added the status ', what),
  'status.updated': (who, f, what) => say(who, ' changed the status ', what, changedKeys(f)),
  'status.reordered': (who) => say(who, ' reordered the statuses'),
  'status.deleted': (who, f, what) => {
    const moved = num(f.after.movedPosts) ?? 0;
    return say(
      who,
      ' deleted the status ',
      what,
      moved > 0 ? ` and moved its ${plural(moved, 'post')} to ` : '',
      moved > 0 && (f.related ?? 'another status'),
    );
  },

  'tag.created': (who, _f, what) => say(who, ' added the tag ', what),
  'tag.updated': (who, f, what) => say(who, ' changed the tag ', what, changedKeys(f)),
  'tag.deleted': (who, f, what) => {
    const count = num(f.before.postCount) ?? 0;
    return say(who, ' deleted the tag ', what, count > 0 ? `, removing it from ${plural(count, 'post')}` : '');
  },

  'webhook.created': (who, _f, what) => say(who, ' added the webhook endpoint ', what),
  'webhook.updated': (who, f, what) => say(who, ' changed the webhook endpoint ', what, changedKeys(f)),
  'webhook.deleted': (who, _f, what) => say(who, ' deleted the webhook endpoint ', what),
  'webhook.secret_rotated': (who, _f, what) => say(who, ' rotated the signing secret of the webhook endpoint ', what),
  'webhook.enabled': (who, _f, what) => say(who, ' enabled the webhook endpoint ', what, ' again'),
  'webhook.test_sent': (who, _f, what) => say(who, ' sent a test event to the webhook endpoint ', what),
  'webhook.redelivered': (who, f, what) =>
    say(who, ' redelivered ', str(f.after.eventType) ?? 'an event', ' to the webhook endpoint ', what),

  'changelog.created': (who, _f, what) => say(who, ' wrote the changelog entry ', what),
  'changelog.updated': (who, f, what) => say(who, ' edited the changelog entry ', what, changedKeys(f)),
  'changelog.deleted': (who, _f, what) => say(who, ' deleted the changelog entry ', what),
  'changelog.published': (who, f, what) => {
    const moved = num(f.after.postsMoved) ?? 0;
    return say(
      who,
      ' published ',
      what,
      moved > 0 ? `, moving ${plural(moved, 'post')}${str(f.after.status) ? ` to ${str(f.after.status)}` : ''}` : '',
    );
  },
  'changelog.unpublished': (who, _f, what) => say(who, ' unpublished ', what),
  'changelog.scheduled': (who, f, what) =>
    say(
      who,
      ' scheduled ',
      what,
      str(f.after.scheduledFor) ? ' for ' : '',
      str(f.after.scheduledFor) && { iso: str(f.after.scheduledFor)! },
    ),
  'changelog.unscheduled': (who, _f, what) => say(who, ' cancelled the scheduled publication of ', what),
  'changelog.label_created': (who, f) => say(who, ' added the changelog label ', quoted(f.after.name) ?? 'a label'),

  'data.exported': (who, f) =>
    say(
      who,
      ' exported the workspace',
      num(f.after.posts) !== null ? ` (${plural(num(f.after.members) ?? 0, 'member')}, ${plural(num(f.after.posts)!, 'post')})` : '',
    ),
  'api_key.created': (who, f, what) => say(who, ' created the API key ', what, str(f.after.scope) ? ` (${str(f.after.scope)} scope)` : ''),
  'api_key.revoked': (who, _f, what) => say(who, ' revoked the API key ', what),
  'data.imported': (who, f) =>
    say(
      who,
      ' imported ',
      num(f.after.posts) !== null ? plural(num(f.after.posts)!, 'post') : 'data',
      str(f.after.source)
        ? ` from ${str(f.after.source) === 'chorus' ? 'a Chorus export' : str(f.after.source)!.replace(/^./, (c) => c.toUpperCase())}`
        : '',
    ),
};

/** Whether an action has a sentence of its own (every recorded action must). */
export const hasSentence = (action: string): boolean => isAuditAction(action) && action in SENTENCES;
export const SENTENCE_ACTIONS: readonly AuditAction[] = AUDIT_ACTIONS.filter((a) => a in SENTENCES);

/**
 * The event as a sentence. An action the log does not know (one recorded by an older or newer
 * version) still reads: "Ana: some.action".
 */
export function auditSentence(f: AuditFacts): AuditPart[] {
  // Account actions done through an emailed link have no actor: the person is the target.
  const who = f.actor ?? (f.target && f.action.startsWith('user.') ? f.target : SYSTEM);
  const what = f.target ?? SOMETHING;
  if (!isAuditAction(f.action)) return say(who, `: ${f.action}`);
  return SENTENCES[f.action](who, f, what);
}

/** The sentence as plain text (for tests, and readers without links). */
export const sentenceText = (parts: readonly AuditPart[]): string => parts.map((p) => (p.t === 'time' ? p.iso : p.v)).join('');
