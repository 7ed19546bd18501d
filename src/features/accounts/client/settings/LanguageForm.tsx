import { useTranslations } from 'use-intl';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from '@/core/i18n/locales';
import { api } from '@/lib/api';
import { forgetLocale, rememberLocale } from '@/lib/locale-cookie';

const AUTOMATIC = 'auto';

/**
 * The person's language (users.locale): of the pages, and of the emails they are sent.
 * "Automatic" follows the browser's languages, then the workspace default. After saving, the
 * page loads again in the new language.
 */
export function LanguageForm({ locale }: { locale: Locale | null }) {
  const t = useTranslations('language');
  const [value, setValue] = useState<string>(locale ?? AUTOMATIC);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const chosen = isLocale(value) ? value : null;
    setBusy(true);
    setFailed(false);
    try {
      await api('/api/v1/me/locale', { method: 'PUT', body: { locale: chosen } });
      if (chosen) rememberLocale(chosen);
      else forgetLocale();
      window.location.reload();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  const options = [{ value: AUTOMATIC, label: t('automatic') }, ...LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))];
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" data-testid="language-form">
      <SelectField
        label={t('label')}
        hideLabel
        hint={t('hint')}
        options={options}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        data-testid="language-setting"
      />
      {failed ? <Alert tone="error">{t('failed')}</Alert> : null}
      <div>
        <Button type="submit" busy={busy}>
          {busy ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
