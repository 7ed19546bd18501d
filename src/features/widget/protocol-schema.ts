/**
 * The messages between the loader (widget.js, on the host's page) and the panel (the /widget page
 * in its iframe), through postMessage (docs/widget.md, "How the loader and the panel talk"). Each
 * side sends only to the other's exact origin and reads only messages from the other's window and
 * origin. No dependencies: the loader bundles this file.
 */

/** Marks our messages among whatever else a page posts. */
export const PROTOCOL = 'chorus-widget-1';

/** The host's calls, forwarded to the panel. */
export type HostMessage =
  | { p: typeof PROTOCOL; type: 'init'; seenAt: string | null }
  | { p: typeof PROTOCOL; type: 'identify'; token: string }
  | { p: typeof PROTOCOL; type: 'open'; board?: string; view?: PanelView };

/** The events the host can listen to with Chorus('on', name, fn). */
export const HOST_EVENTS = [
  'ready',
  'open',
  'close',
  'identified',
  'identify.failed',
  'session.ended',
  'post.created',
  'vote.created',
] as const;
export type HostEvent = (typeof HOST_EVENTS)[number];

/** What the panel tells the loader. */
export type PanelMessage =
  | { p: typeof PROTOCOL; type: 'ready'; accent: string; accentFg: string; title: string }
  | { p: typeof PROTOCOL; type: 'unread'; count: number }
  | { p: typeof PROTOCOL; type: 'seen'; at: string }
  | { p: typeof PROTOCOL; type: 'close' }
  | { p: typeof PROTOCOL; type: 'event'; name: HostEvent; data: Record<string, unknown> };

export const PANEL_VIEWS = ['requests', 'new', 'whats-new'] as const;
export type PanelView = (typeof PANEL_VIEWS)[number];

/** Whether `data` is one of our messages (any type); its fields are checked where it is read. */
export const isProtocolMessage = (data: unknown): data is { p: string; type: string } =>
  typeof data === 'object' &&
  data !== null &&
  (data as { p?: unknown }).p === PROTOCOL &&
  typeof (data as { type?: unknown }).type === 'string';
