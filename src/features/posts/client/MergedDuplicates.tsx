import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';

/** Duplicates merged into this post. */
export function MergedDuplicates({ duplicates }: { duplicates: { number: number; slug: string; title: string }[] }) {
  const t = useTranslations('post');
  if (duplicates.length === 0) return null;
  return (
    <section aria-labelledby="duplicates-heading" className="mt-8" data-testid="merged-duplicates">
      <h2 id="duplicates-heading" className="text-lg font-semibold">
        {t('duplicates.heading')}
      </h2>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {duplicates.map((d) => (
          <li key={d.number}>
            <Link href={paths.post(d.number, d.slug)} className="underline">
              {`#${d.number}`} <bdi>{d.title}</bdi>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
