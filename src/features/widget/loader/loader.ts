/**
 * widget.js: the loader a host product puts on its pages (docs/widget.md). Plain DOM code, no
 * framework, compiled by esbuild into one small file (scripts/build-server.mjs) and served at
 * /widget.js. It adds a launcher (or binds to the host's own buttons), frames the panel (/widget)
 * in a dialog, forwards the host's calls (`Chorus('identify' | 'open' | 'close' | 'on' | 'off')`)
 * and keeps the "What's new" badge. Styles are set through the CSSOM (element.style), which a
 * host's Content-Security-Policy without 'unsafe-inline' for styles still allows.
 */
import {
  HOST_EVENTS,
  isProtocolMessage,
  PROTOCOL,
  type HostEvent,
  type HostMessage,
  type PanelMessage,
  type PanelView,
} from '../protocol-schema';

type Listener = (data: Record<string, unknown>) => void;
type Call = [string, ...unknown[]];
type ChorusFn = ((...args: unknown[]) => void) & { q?: ArrayLike<unknown>[]; loaded?: boolean };

const w = window as unknown as { Chorus?: ChorusFn };

function start(script: HTMLScriptElement): void {
  const chorusOrigin = new URL(script.src).origin;
  const data = script.dataset;
  const seenKey = `chorus-widget:${chorusOrigin}:seen`;
  const mobile = matchMedia('(max-width: 480px)');
  const listeners: Partial<Record<HostEvent, Listener[]>> = {};
  const pending: HostMessage[] = [];
  let ready = false;
  let isOpen = false;
  let unread = 0;
  let returnFocus: HTMLElement | null = null;
  let accent = '#1f2937';
  let accentFg = '#ffffff';

  const css = (el: HTMLElement, styles: Partial<CSSStyleDeclaration>) => Object.assign(el.style, styles);
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  };

  const readSeen = (): string | null => {
    try {
      return localStorage.getItem(seenKey);
    } catch {
      return null;
    }
  };
  const writeSeen = (at: string) => {
    try {
      localStorage.setItem(seenKey, at);
    } catch {
      // Storage blocked: the badge comes back on the next page, nothing else breaks.
    }
  };

  // The panel, framed in a dialog that is hidden until opened.
  const label = data.label || 'Feedback';
  const dialog = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-label': label, id: 'chorus-widget-dialog', hidden: '' });
  const frameUrl = new URL('/widget', chorusOrigin);
  frameUrl.searchParams.set('host', location.origin);
  if (data.board) frameUrl.searchParams.set('board', data.board);
  if (data.theme) frameUrl.searchParams.set('theme', data.theme);
  const frame = el('iframe', { src: frameUrl.href, title: label });
  // Focus that would leave the dialog (Tab past the panel's ends) comes back to the panel.
  const guard = () => {
    const g = el('span', { tabindex: '0' });
    g.addEventListener('focus', () => frame.focus());
    return g;
  };
  dialog.append(guard(), frame, guard());
  css(frame, { border: '0', width: '100%', height: '100%', display: 'block', colorScheme: 'normal' });

  const layout = () => {
    const right = data.position !== 'left';
    css(
      dialog,
      mobile.matches
        ? { position: 'fixed', inset: '0', width: '100%', height: '100%', borderRadius: '0', zIndex: '2147483646' }
        : {
            position: 'fixed',
            inset: 'auto',
            bottom: '88px',
            [right ? 'right' : 'left']: '20px',
            [right ? 'left' : 'right']: 'auto',
            width: '400px',
            height: 'min(640px, calc(100vh - 120px))',
            borderRadius: '12px',
            overflow: 'hidden',
            boxShadow: '0 12px 40px rgba(0,0,0,.25)',
            zIndex: '2147483646',
          },
    );
  };
  layout();
  mobile.addEventListener('change', layout);

  // The launcher, unless the host binds its own buttons (data-selector).
  const bound = data.selector ? Array.from(document.querySelectorAll<HTMLElement>(data.selector)) : [];
  const launcher = data.selector ? null : el('button', { type: 'button', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' });
  // The count shows as a badge; assistive technology hears it as words (the launcher's name is its text).
  const badge = el('span', { 'aria-hidden': 'true' });
  const spoken = el('span');
  const paintLauncher = () => {
    for (const b of bound) {
      b.setAttribute('aria-expanded', String(isOpen));
      if (unread > 0) b.setAttribute('data-chorus-unread', String(unread));
      else b.removeAttribute('data-chorus-unread');
    }
    if (!launcher) return;
    launcher.setAttribute('aria-expanded', String(isOpen));
    spoken.textContent = unread > 0 ? ` (${unread} new ${unread === 1 ? 'update' : 'updates'})` : '';
    badge.textContent = unread > 9 ? '9+' : String(unread);
    badge.hidden = unread === 0;
    css(launcher, { background: accent, color: accentFg });
    css(badge, { background: '#b91c1c', color: '#ffffff', borderColor: accentFg });
  };
  if (launcher) {
    launcher.append(document.createTextNode(label), badge, spoken);
    css(spoken, {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
      margin: '-1px',
      padding: '0',
    });
    css(launcher, {
      position: 'fixed',
      bottom: '20px',
      [data.position === 'left' ? 'left' : 'right']: '20px',
      zIndex: '2147483645',
      border: '0',
      borderRadius: '999px',
      padding: '12px 20px',
      font: '600 15px/1.2 system-ui, sans-serif',
      cursor: 'pointer',
      boxShadow: '0 4px 16px rgba(0,0,0,.2)',
    });
    css(badge, {
      marginLeft: '8px',
      minWidth: '20px',
      padding: '2px 6px',
      borderRadius: '999px',
      border: '2px solid',
      font: '700 12px/1.2 system-ui, sans-serif',
      display: 'inline-block',
      textAlign: 'center',
    });
    launcher.addEventListener('click', () => (isOpen ? close() : open({})));
  }
  for (const b of bound) {
    b.setAttribute('aria-haspopup', 'dialog');
    b.addEventListener('click', (e) => {
      e.preventDefault();
      open({}, b);
    });
  }

  const send = (msg: HostMessage) => {
    if (ready) frame.contentWindow?.postMessage(msg, chorusOrigin);
    else pending.push(msg);
  };
  const emit = (name: HostEvent, payload: Record<string, unknown>) => {
    for (const fn of listeners[name] ?? []) {
      try {
        fn(payload);
      } catch (err) {
        console.error(err);
      }
    }
  };

  function open(opts: { board?: string; view?: PanelView }, opener?: HTMLElement) {
    const active = document.activeElement;
    returnFocus = opener ?? launcher ?? (active instanceof HTMLElement ? active : null);
    dialog.hidden = false;
    isOpen = true;
    paintLauncher();
    frame.focus();
    send({ p: PROTOCOL, type: 'open', ...opts });
    emit('open', {});
  }

  function close() {
    if (!isOpen) return;
    dialog.hidden = true;
    isOpen = false;
    paintLauncher();
    returnFocus?.focus();
    emit('close', {});
  }

  document.addEventListener('keydown', (e) => {
    if (isOpen && e.key === 'Escape') close();
  });

  // Only the panel's own window, from the board's origin, is listened to.
  window.addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== chorusOrigin || e.source !== frame.contentWindow || !isProtocolMessage(e.data)) return;
    const msg = e.data as PanelMessage;
    if (msg.type === 'ready') {
      ready = true;
      if (/^#[0-9a-f]{6}$/i.test(msg.accent)) accent = msg.accent;
      if (/^#[0-9a-f]{6}$/i.test(msg.accentFg)) accentFg = msg.accentFg;
      frame.contentWindow?.postMessage({ p: PROTOCOL, type: 'init', seenAt: readSeen() } satisfies HostMessage, chorusOrigin);
      for (const m of pending.splice(0)) frame.contentWindow?.postMessage(m, chorusOrigin);
      paintLauncher();
      emit('ready', {});
    } else if (msg.type === 'unread' && typeof msg.count === 'number') {
      unread = Math.max(0, Math.floor(msg.count));
      paintLauncher();
    } else if (msg.type === 'seen' && typeof msg.at === 'string') {
      writeSeen(msg.at);
      unread = 0;
      paintLauncher();
    } else if (msg.type === 'close') {
      close();
    } else if (msg.type === 'event' && (HOST_EVENTS as readonly string[]).includes(msg.name)) {
      emit(msg.name, typeof msg.data === 'object' && msg.data ? msg.data : {});
    }
  });

  const api: ChorusFn = (...args: unknown[]) => {
    const [command, arg, fn] = args as Call & [string, unknown, unknown];
    const options = (typeof arg === 'object' && arg ? arg : {}) as Record<string, unknown>;
    if (command === 'identify' && typeof options.token === 'string') send({ p: PROTOCOL, type: 'identify', token: options.token });
    else if (command === 'open')
      open({
        board: typeof options.board === 'string' ? options.board : undefined,
        view: options.view === 'whats-new' || options.view === 'new' || options.view === 'requests' ? options.view : undefined,
      });
    else if (command === 'close') close();
    else if ((command === 'on' || command === 'off') && typeof arg === 'string' && typeof fn === 'function') {
      const list = (listeners[arg as HostEvent] ??= []);
      if (command === 'on') list.push(fn as Listener);
      else if (list.includes(fn as Listener)) list.splice(list.indexOf(fn as Listener), 1);
    } else console.warn(`Chorus: unknown call ${String(command)}`);
  };
  api.loaded = true;

  document.body.append(dialog);
  if (launcher) document.body.append(launcher);
  paintLauncher();

  // Calls made before this script ran (the snippet's queue), in order.
  const queued = w.Chorus?.q ?? [];
  w.Chorus = api;
  for (const call of Array.from(queued)) api(...Array.from(call));
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement && !w.Chorus?.loaded) {
  if (document.body) start(current);
  else document.addEventListener('DOMContentLoaded', () => start(current));
}
