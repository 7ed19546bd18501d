import { useLocale, useTranslations } from 'use-intl';
import { useId, useState, type FormEvent } from 'react';
import { LOCALE_NAMES, LOCALES, isLocale } from '@/core/i18n/locales';
import { api } from '@/lib/api';
import { rememberLocale } from '@/lib/locale-cookie';

/**
 * The footer's language picker: each language in its own name. A signed-in person's choice is
 * their setting (users.locale, also the language of their emails); everyone's is remembered in
 * this browser too. The page then loads again, in the new language (its catalogue comes with it).
 * The choice applies with its button, not on change: the arrow keys move through a closed
 * select's options one by one, and each would otherwise load the page again.
 */
export function LanguagePicker({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations('language');
  const current = useLocale();
  const id = useId();
  const [value, setValue] = useState<string>(current);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const choose = async (e: FormEvent) => {
    e.preventDefault();
    if (!isLocale(value) || value === current) return;
    setBusy(true);
    setFailed(false);
    try {
      if (signedIn) await api('/api/v1/me/locale', { method: 'PUT', body: { locale: value } });
      rememberLocale(value);
      window.location.reload();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-wrap items-center gap-2" onSubmit={(e) => void choose(e)} data-testid="language-picker-form">
      <label htmlFor={id}>{t('label')}</label>
      <select
        id={id}
        value={value}
        disabled={busy}
        aria-describedby={failed ? `${id}-error` : undefined}
        onChange={(e) => setValue(e.target.value)}
        className="rounded-md border border-border bg-surface px-2 py-1 text-sm text-fg"
        data-testid="language-picker"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md border border-border bg-surface px-2 py-1 text-sm text-fg hover:bg-bg disabled:opacity-60"
        data-testid="language-apply"
      >
        {t('apply')}
      </button>
      {failed ? (
        <p id={`${id}-error`} role="alert" className="m-0 w-full text-danger">
          {t('failed')}
        </p>
      ) : null}
    </form>
  );
}
