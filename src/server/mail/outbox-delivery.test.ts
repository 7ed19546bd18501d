/**
 * Delivery from the outbox to a real SMTP server on loopback: every email leaves once, several
 * at a time, and one person's emails leave one after another, in the order they were written.
 */
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/server/db/client';
import { outbox } from '@/server/db/schema';
import { useTestDatabase } from '@/test/db';
import { deliverPendingEmails, enqueueEmail } from './outbox';

const port = vi.hoisted(() => {
  const p = 20_000 + Math.floor(Math.random() * 20_000);
  process.env.SMTP_URL = `smtp://127.0.0.1:${p}`;
  return p;
});

useTestDatabase();

const received: { to: string; subject: string }[] = [];
const inFlight = new Map<string, number>();
let mostAtOnce = 0;
let mostAtOnceForOne = 0;

const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    const to = session.envelope.rcptTo.map((r) => r.address).join(',');
    inFlight.set(to, (inFlight.get(to) ?? 0) + 1);
    const total = [...inFlight.values()].reduce((a, b) => a + b, 0);
    mostAtOnce = Math.max(mostAtOnce, total);
    mostAtOnceForOne = Math.max(mostAtOnceForOne, inFlight.get(to)!);
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      // Hold each message a little, as a real server does, so parallel senders overlap.
      setTimeout(() => {
        inFlight.set(to, inFlight.get(to)! - 1);
        received.push({ to, subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '' });
        done();
      }, 60);
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(port, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

describe('sending the outbox', () => {
  it('sends every email once, several at a time, and one person’s emails in order', async () => {
    const people = ['a@example.test', 'b@example.test', 'c@example.test', 'd@example.test'];
    for (let i = 1; i <= 5; i++) {
      for (const to of people) await enqueueEmail({ to, kind: 'test', subject: `Mail ${i}`, text: 'Body', html: '<p>Body</p>' });
    }

    expect(await deliverPendingEmails()).toBe(20);

    expect(received).toHaveLength(20);
    for (const to of people) {
      expect(received.filter((m) => m.to === to).map((m) => m.subject)).toEqual(['Mail 1', 'Mail 2', 'Mail 3', 'Mail 4', 'Mail 5']);
    }
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnceForOne).toBe(1);
    const rows = await db().select().from(outbox);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
    // Nothing is left to send: a second run sends nothing again.
    expect(await deliverPendingEmails()).toBe(0);
    expect(received).toHaveLength(20);
  });
});
