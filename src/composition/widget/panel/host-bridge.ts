/**
 * The panel's side of the postMessage protocol (src/features/widget/protocol-schema.ts): it listens only
 * to its parent window, and only when that window's origin is the allowed host origin the page was
 * given; it sends only to that origin, never '*'.
 */
import { useCallback, useEffect, useRef } from 'react';
import { isProtocolMessage, PROTOCOL, type HostMessage, type PanelMessage } from '@/features/widget/protocol-schema';
import { ApiError } from '@/lib/api';
import { messageFor } from '@/lib/error-codes';

type Outgoing = PanelMessage extends infer M ? (M extends { p: string } ? Omit<M, 'p'> : never) : never;

/** Whether a message event comes from the embedding page this panel was made for. */
export function isFromHost(e: Pick<MessageEvent, 'origin' | 'source' | 'data'>, hostOrigin: string | null, parent: unknown): boolean {
  return hostOrigin !== null && e.origin === hostOrigin && e.source === parent && isProtocolMessage(e.data);
}

/** Sends to the embedding page, at its exact origin; nothing when the panel is not embedded by an allowed origin. */
export function useHostSend(hostOrigin: string | null): (msg: Outgoing) => void {
  return useCallback(
    (msg: Outgoing) => {
      if (hostOrigin === null || window.parent === window) return;
      window.parent.postMessage({ ...msg, p: PROTOCOL }, hostOrigin);
    },
    [hostOrigin],
  );
}

/** Calls `onMessage` with each message of the embedding page (the latest `onMessage` of each render). */
export function useHostMessages(hostOrigin: string | null, onMessage: (msg: HostMessage) => void): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });

  useEffect(() => {
    const listen = (e: MessageEvent) => {
      if (isFromHost(e, hostOrigin, window.parent)) handler.current(e.data as HostMessage);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [hostOrigin]);
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the panel, and sends Escape to the host (which closes it). */
export function trapKeys(e: KeyboardEvent, root: HTMLElement | null, onEscape: () => void): void {
  if (e.key === 'Escape') {
    e.preventDefault();
    onEscape();
    return;
  }
  if (e.key !== 'Tab' || !root) return;
  const focusable = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (e.shiftKey && (document.activeElement === first || !root.contains(document.activeElement))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (document.activeElement === last || !root.contains(document.activeElement))) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * The `identify.failed` event's data for the host page (docs/widget.md): the API's code and its
 * English sentence naming the failed check, for the host's developers like any API client. The
 * panel itself tells the person in their language.
 */
export function identifyFailedData(err: unknown): { code: string; message: string } {
  return err instanceof ApiError ? { code: err.code, message: err.message } : { code: 'INTERNAL', message: messageFor('INTERNAL') };
}
