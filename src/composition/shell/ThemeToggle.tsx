import { useTranslations } from 'use-intl';
import { useEffect, useState } from 'react';
import { THEMES, type Theme } from '@/core/workspace';
import { THEME_STORAGE_KEY } from '@/lib/theme-script';

const ICONS: Record<Theme, string> = { system: '◐', light: '☀', dark: '☾' };

function apply(theme: Theme) {
  const root = document.documentElement;
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

/** Cycles system → light → dark; the choice persists in this browser. */
export function ThemeToggle() {
  const t = useTranslations('theme');
  const [theme, setTheme] = useState<Theme | null>(null);

  useEffect(() => {
    const current = document.documentElement.getAttribute('data-theme');
    // Reads what the pre-paint theme script applied; after hydration, so the first render matches the server's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setTheme(THEMES.includes(current as Theme) ? (current as Theme) : 'system');
  }, []);

  useEffect(() => {
    if (theme !== 'system') return;
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => apply('system');
    // The system may have changed between the pre-paint script and now, with nobody listening yet.
    onChange();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [theme]);

  const next = () => {
    const value = THEMES[(THEMES.indexOf(theme ?? 'system') + 1) % THEMES.length]!;
    try {
      localStorage.setItem(THEME_STORAGE_KEY, value);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this page only.
    }
    apply(value);
    setTheme(value);
  };

  const shown = theme ?? 'system';
  const label = t(shown);
  return (
    <button
      type="button"
      onClick={next}
      className="inline-flex h-9 w-9 items-center justify-center rounded-md border border-border text-lg hover:bg-bg"
      aria-label={t('change', { theme: label })}
      title={label}
      data-testid="theme-toggle"
    >
      <span aria-hidden="true">{ICONS[shown]}</span>
    </button>
  );
}
