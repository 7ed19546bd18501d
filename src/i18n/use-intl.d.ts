import type { Locale } from '@/core/i18n/locales';
import type { Messages } from './messages';

// Message keys and their ICU arguments are type-checked against the English catalogue.
declare module 'use-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
