import type en from './messages/en.json';

/** A catalogue: English is the source, so its shape is every catalogue's type. */
export type Messages = typeof en;

/** The namespaces pages receive; `emails` stays on the server (it is only ever sent as email). */
export type PageMessages = Omit<Messages, 'emails'>;
