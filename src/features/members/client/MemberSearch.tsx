import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';

/** Searches by name or email; the query lives in the URL (`?q=`), so results can be linked and reloaded. */
export function MemberSearch({ q }: { q: string }) {
  const t = useTranslations('teamAdmin');
  const router = useRouter();
  const [value, setValue] = useState(q);
  return (
    <form
      role="search"
      action={paths.adminMembers()}
      method="get"
      className="mb-4 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const query = value.trim();
        void router.push({ pathname: paths.adminMembers(), query: query ? { q: query } : {} });
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor="member-search" className="text-sm font-medium">
          {t('members.search.label')}
        </label>
        <input
          id="member-search"
          name="q"
          type="search"
          value={value}
          maxLength={100}
          placeholder={t('members.search.placeholder')}
          onChange={(e) => setValue(e.target.value)}
          className="rounded-md border border-border bg-surface px-3 py-2 text-fg"
        />
      </div>
      <Button type="submit" variant="secondary">
        {t('members.search.submit')}
      </Button>
      {q ? (
        <Link href={paths.adminMembers()} className="px-2 py-2 text-sm text-muted underline">
          {t('members.search.clear')}
        </Link>
      ) : null}
    </form>
  );
}
