import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import { useFormats } from '@/lib/use-formats';
import { isNewEntry, type WidgetEntry } from '../widget-data';

/** "What's new": the latest published changelog entries; those since the last visit are marked. */
export function WhatsNewView({ entries, newSince, boardUrl }: { entries: WidgetEntry[]; newSince: string | null; boardUrl: string }) {
  const t = useTranslations('widget');
  const formats = useFormats();
  return (
    <section aria-labelledby="chorus-whats-new-heading" className="flex flex-col gap-3">
      <h2 id="chorus-whats-new-heading" className="sr-only">
        {t('tabs.whatsNew')}
      </h2>
      {entries.length === 0 ? <p className="text-sm text-muted">{t('whatsNew.empty')}</p> : null}
      <ul className="flex flex-col gap-3" data-testid="widget-entries">
        {entries.map((e) => (
          <li key={e.slug}>
            <article className="flex flex-col gap-1 rounded-lg border border-border bg-surface p-3">
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <bdi>{e.label}</bdi>
                <time dateTime={e.publishedAt}>{formats.date(e.publishedAt)}</time>
                {isNewEntry(e, newSince) ? (
                  <span className="rounded-full bg-accent px-2 font-semibold text-accent-fg">{t('whatsNew.new')}</span>
                ) : null}
              </p>
              <h3 className="break-words font-semibold" dir="auto">
                {e.title}
              </h3>
              {e.excerpt ? (
                <p className="break-words text-sm" dir="auto">
                  {e.excerpt}
                </p>
              ) : null}
              <a
                href={new URL(paths.changelogEntry(e.slug), boardUrl).href}
                target="_blank"
                rel="noopener"
                className="self-start text-sm text-accent underline underline-offset-2"
              >
                {t('whatsNew.readMore')}
                <span className="sr-only">{t('whatsNew.readMoreAbout', { title: e.title })}</span>
              </a>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
