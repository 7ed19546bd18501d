import type { Transporter } from 'nodemailer';
import { env } from '@/config/env';

let transporter: Transporter | undefined;

export function smtpConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

/** Sends one message over SMTP_URL (nodemailer). Throws on failure; the outbox retries. */
export async function sendMail(msg: {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  from?: string;
}): Promise<void> {
  const url = env().SMTP_URL;
  if (!url) throw new Error('SMTP is not configured');
  if (!transporter) {
    const nodemailer = await import('nodemailer');
    transporter = nodemailer.createTransport(url);
  }
  const from = msg.from ?? `Chorus <no-reply@${new URL(env().PUBLIC_URL).hostname}>`;
  await transporter.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html, headers: msg.headers });
}
