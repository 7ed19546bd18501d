import type { ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import type { ShellProps } from '@/core/shell';
import { CONSENT_STORAGE_KEY } from '../consent';
import { ConsentControl } from '../client/ConsentControl';
import { FlagsInEffect } from '../client/FlagsInEffect';
import { isolated } from '@/components/ui/bidi';

/** The theme's key in local storage (the shell's theme script). */
const THEME_STORAGE_KEY = 'chorus.theme';

const SECTIONS = [
  { id: 'analytics', title: 'privacy.sections.analytics' },
  { id: 'consent', title: 'privacy.sections.consent' },
  { id: 'do-not-track', title: 'privacy.sections.doNotTrack' },
  { id: 'your-data', title: 'privacy.sections.yourData' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const t = useTranslations('analytics');
  const title = t(SECTIONS.find((s) => s.id === id)!.title);
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** `/privacy`: what is collected, the visitor's consent choice, and what their browser stores. */
export default function PrivacyPage({ shell }: ShellProps) {
  const t = useTranslations('analytics');
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  const code = (chunks: ReactNode) => <code>{chunks}</code>;
  const analytics = shell.analytics;
  const host = analytics ? new URL(analytics.host).host : null;
  return (
    <>
      <PageHeading title={t('privacy.title')} siteName={shell.workspace.name}>
        {isolated((u) => t('privacy.intro', { workspace: u(shell.workspace.name) }))}
      </PageHeading>

      <nav aria-label={t('privacy.onThisPage')} className="mb-8 rounded-xl border border-border bg-surface px-5 py-4">
        <h2 className="text-sm font-semibold">{t('privacy.onThisPage')}</h2>
        <ul className="mt-2 space-y-1 text-sm">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              {/* Plain anchors: an in-page jump, not a navigation. */}
              <a href={`#${s.id}`} className="text-accent underline">
                {t(s.title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="max-w-3xl space-y-10 leading-relaxed">
        <Section id="analytics">
          {analytics ? (
            <p data-testid="analytics-on">{t.rich('privacy.analytics.on', { code, host: host ?? '' })}</p>
          ) : (
            <p data-testid="analytics-off">{t.rich('privacy.analytics.off', { strong })}</p>
          )}
          <p>{t('privacy.analytics.collectedIntro')}</p>
          <ul className="list-disc space-y-1 ps-6">
            <li>{t('privacy.analytics.pages')}</li>
            <li>{t('privacy.analytics.identifier')}</li>
            <li>{t('privacy.analytics.device')}</li>
            <li>{t('privacy.analytics.recordings')}</li>
          </ul>
          <p>{t('privacy.analytics.notCollected')}</p>
          <h3 className="pt-2 text-base font-semibold">{t('flags.caption')}</h3>
          <p>{t('privacy.analytics.flagsIntro')}</p>
          <FlagsInEffect />
        </Section>

        <Section id="consent">
          <p>{t('privacy.consent.intro')}</p>
          <ConsentControl configured={analytics !== null} />
        </Section>

        <Section id="do-not-track">
          <p>{t.rich('privacy.doNotTrack', { strong })}</p>
        </Section>

        <Section id="your-data">
          <ul className="list-disc space-y-1 ps-6">
            <li>
              <code>{CONSENT_STORAGE_KEY}</code> {t('privacy.yourData.consentKey')}
            </li>
            <li>
              <code>{THEME_STORAGE_KEY}</code> {t('privacy.yourData.themeKey')}
            </li>
            <li>{t('privacy.yourData.session')}</li>
            <li>{t.rich('privacy.yourData.analyticsStorage', { code })}</li>
          </ul>
          <p>{t('privacy.yourData.sentData')}</p>
        </Section>
      </div>
    </>
  );
}
