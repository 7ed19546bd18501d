import type en from './messages/en';

/** A catalogue: English is the source, so its shape is every catalogue's type. */
export type Messages = typeof en;
export type Namespace = keyof Messages;

/**
 * Written on the server only, never part of a page's props: emails, and the audit log's
 * sentences (the page receives them written in its reader's language).
 */
export const SERVER_NAMESPACES = ['emails', 'audit'] as const satisfies readonly Namespace[];

/**
 * The team's screens (triage, settings, the changelog editor, the post page's team editors):
 * a page carries them only for moderators and admins, so visitors' pages stay light.
 */
export const TEAM_NAMESPACES = ['teamWork', 'teamSetup', 'teamAdmin', 'portalTeam', 'postTeam'] as const satisfies readonly Namespace[];

/** Signed-in people's pages: the header's notification bell. */
export const MEMBER_NAMESPACES = ['notifications'] as const satisfies readonly Namespace[];

/** Every page's, when analytics is configured (the consent banner); otherwise only /privacy's. */
export const ANALYTICS_NAMESPACES = ['analytics'] as const satisfies readonly Namespace[];

/**
 * Carried by the pages that ask for them (withShell's `namespaces`), so the rest stay light:
 * the widget's panel, the sign-in pages, /privacy, and /unsubscribe (reached from an email by
 * someone who may not be signed in).
 */
export const OPT_IN_NAMESPACES = ['widget', 'auth', 'analytics', 'notifications'] as const satisfies readonly Namespace[];

export type TeamNamespace = (typeof TEAM_NAMESPACES)[number];
export type OptInNamespace = (typeof OPT_IN_NAMESPACES)[number];

/** What every page carries: all but the above. */
export type PageMessages = Omit<Messages, (typeof SERVER_NAMESPACES)[number]>;
