import { useTranslations } from 'use-intl';
import { useEffect, useRef, type ReactNode } from 'react';
import { PageHeading } from '@/components/ui/PageHeading';

/** The narrow, centred frame of every account screen (sign-in, sign-up, setup…). */
export function AuthCard({
  title,
  siteName,
  intro,
  children,
  footer,
}: {
  title: string;
  siteName: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md">
      <PageHeading title={title} siteName={siteName}>
        {intro}
      </PageHeading>
      <div className="rounded-xl border border-border bg-surface p-4 sm:p-6">{children}</div>
      {footer ? <div className="mt-4 flex flex-col gap-2 text-sm text-muted">{footer}</div> : null}
    </div>
  );
}

/** Links inside account screens: underlined, so they stand out from the text around them. */
export const linkClass = 'font-medium text-accent underline underline-offset-2 hover:no-underline';

/** Emphasis inside a message (`<strong>…</strong>` in the catalogue): what it wraps is the argument, shown as text. */
export const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

/** The same answer for every address (no enumeration): what happens next, and what to do if nothing arrives. */
export function CheckEmail({ children }: { children: ReactNode }) {
  // The form that asked is gone: focus moves here so keyboard and screen-reader users land on the answer.
  const t = useTranslations('auth');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" data-testid="check-email" className="flex flex-col gap-3 outline-none">
      <h2 className="m-0 text-lg font-semibold">{t('checkEmailTitle')}</h2>
      <p className="m-0 break-words">{children}</p>
      <p className="m-0 text-sm text-muted">{t('checkEmailNote')}</p>
    </div>
  );
}

/**
 * The answer when the workspace cannot send email (no SMTP): nothing pretends to have been sent.
 * The email waits in the outbox, where the workspace's admins can read it and pass the link on.
 */
export function AskAdmin({ children }: { children: ReactNode }) {
  const t = useTranslations('auth');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" data-testid="ask-admin" className="flex flex-col gap-3 outline-none">
      <h2 className="m-0 text-lg font-semibold">{t('askAdminTitle')}</h2>
      <p className="m-0 break-words">{children}</p>
    </div>
  );
}
