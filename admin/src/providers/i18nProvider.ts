import polyglotI18nProvider from 'ra-i18n-polyglot';
import { translateMessage } from '../../../models/messages';
import { en } from '../i18n/en';
import { es } from '../i18n/es';

/**
 * English and Spanish (the user's choice is a preference and survives reloads). Texts the server
 * sends (error messages, field errors) are keys nobody defined: they are shown as sent in English
 * and translated from the spec's message catalogue in Spanish.
 */
export type Locale = 'en' | 'es';
export const LOCALE_KEY = 'hci.admin.locale';

export function initialLocale(storage: Storage | undefined = globalThis.localStorage, language = globalThis.navigator?.language ?? 'en'): Locale {
  const saved = storage?.getItem(LOCALE_KEY);
  if (saved === 'en' || saved === 'es') return saved;
  return language.toLowerCase().startsWith('es') ? 'es' : 'en';
}

export function createI18nProvider(locale: Locale = initialLocale()) {
  const provider = polyglotI18nProvider(
    (l) => (l === 'es' ? es : en),
    locale,
    [
      { locale: 'en', name: 'English' },
      { locale: 'es', name: 'Español' },
    ],
    {
      allowMissing: true,
      onMissingKey: (key: string, _options: unknown, l: string) => translateMessage(key, l === 'es' ? 'es' : 'en'),
    },
  );
  return {
    ...provider,
    // react-admin shows server texts as translate(message, { _: default }): a default skips
    // onMissingKey, so a server refusal stayed English in Spanish. Whatever fell back to the key or
    // to the default goes through the message catalogue (unknown texts come back unchanged).
    translate: (key: string, options?: object) => {
      const text = provider.translate(key, options);
      const fallback = (options as { _?: unknown } | undefined)?._;
      return text === key || text === fallback ? translateMessage(text, provider.getLocale() === 'es' ? 'es' : 'en') : text;
    },
    changeLocale: (l: string) => {
      globalThis.localStorage?.setItem(LOCALE_KEY, l);
      return provider.changeLocale(l);
    },
  };
}
