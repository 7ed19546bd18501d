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

/** Carried only by the pages that ask for them (withShell's `namespaces`): the widget's panel. */
export const OPT_IN_NAMESPACES = ['widget'] as const satisfies readonly Namespace[];

export type TeamNamespace = (typeof TEAM_NAMESPACES)[number];
export type OptInNamespace = (typeof OPT_IN_NAMESPACES)[number];

/** What every page carries: all but the above. */
export type PageMessages = Omit<Messages, (typeof SERVER_NAMESPACES)[number]>;
