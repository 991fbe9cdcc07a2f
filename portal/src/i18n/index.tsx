/**
 * The portal's tiny i18n: English and Spanish dictionaries (en.ts, es.ts), a `t(key, params)` that
 * fills `{name}` placeholders, and `tm(message)` for the spec's messages (server errors and client
 * checks, models/messages.ts translateMessage). The language is the stored choice (localStorage),
 * else the signed-in student's preferred language, else the browser's.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { translateMessage } from '../../../models/messages';
import type { ObservableSessionStore } from '../lib/session';
import { en, type TranslationKey } from './en';
import { es } from './es';

export type Language = 'EN' | 'ES';
export const LANGUAGES: readonly Language[] = ['EN', 'ES'];
export const LANGUAGE_KEY = 'hci.portal.language';

const dictionaries = { EN: en, ES: es } as const;

export type Params = Record<string, string | number | null | undefined>;

/** `{name}` placeholders filled from params; unknown placeholders stay as written. */
export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (params[name] === undefined || params[name] === null ? m : String(params[name])));
}

export function translate(language: Language, key: TranslationKey, params?: Params): string {
  return interpolate(dictionaries[language][key] ?? en[key] ?? key, params);
}

export const localeOf = (language: Language): 'en' | 'es' => (language === 'ES' ? 'es' : 'en');

function readStored(storage: Storage | undefined): Language | null {
  try {
    const value = storage?.getItem(LANGUAGE_KEY);
    return value === 'EN' || value === 'ES' ? value : null;
  } catch {
    return null;
  }
}

export function browserLanguage(): Language {
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of languages) {
    const primary = tag?.toLowerCase().split('-')[0];
    if (primary === 'es') return 'ES';
    if (primary === 'en') return 'EN';
  }
  return 'EN';
}

export interface I18n {
  language: Language;
  /** The 'en' / 'es' form the shared helpers (translateMessage, enumLabel) take. */
  locale: 'en' | 'es';
  /** Stores an explicit choice (it then wins over the student's preference). */
  setLanguage(language: Language): void;
  t(key: TranslationKey, params?: Params): string;
  /** One of the spec's messages (as the server or a client check gives it) in the current language. */
  tm(message: string | null | undefined): string;
}

const I18nContext = createContext<I18n | null>(null);

const noSession = { get: () => null, subscribe: () => () => {} };

export function I18nProvider({
  children,
  sessionStore,
  storage = globalThis.localStorage,
}: {
  children: ReactNode;
  sessionStore?: Pick<ObservableSessionStore, 'get' | 'subscribe'>;
  storage?: Storage;
}) {
  const sessions = sessionStore ?? noSession;
  const session = useSyncExternalStore(sessions.subscribe, sessions.get, sessions.get);
  const [stored, setStored] = useState<Language | null>(() => readStored(storage));
  const language: Language = stored ?? session?.language ?? browserLanguage();
  const locale = localeOf(language);

  const setLanguage = useCallback(
    (next: Language) => {
      try {
        storage?.setItem(LANGUAGE_KEY, next);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      setStored(next);
    },
    [storage],
  );

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo<I18n>(
    () => ({
      language,
      locale,
      setLanguage,
      t: (key, params) => translate(language, key, params),
      tm: (message) => (message ? translateMessage(message, locale) : ''),
    }),
    [language, locale, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n outside I18nProvider');
  return context;
}

export type { TranslationKey };
