/**
 * Texts of the Messages screens (the portal inbox), English and Spanish, same keys; loaded with those
 * screens. `useT()` looks a key up here first, then in the global dictionaries.
 */
import { useMemo } from 'react';
import { interpolate, useI18n, type I18n, type Params, type TranslationKey } from '../../i18n';

export const messagesEn = {
  'messages.none': 'You have no messages yet. Messages from the institute show here.',
  'messages.list': 'Your messages',
  'messages.unread': 'Unread',
  'messages.open': 'Open {subject}',
  'messages.received': 'Received {date}',
  'messages.back': 'Back to messages',
  'messages.pages': 'Pages of messages',
  'messages.page': 'Page {page} of {pages}',
  'messages.previous': 'Previous',
  'messages.next': 'Next',
} as const;

export const messagesEs: { readonly [K in keyof typeof messagesEn]: string } = {
  'messages.none': 'Todavía no tiene mensajes. Aquí aparecen los mensajes del instituto.',
  'messages.list': 'Sus mensajes',
  'messages.unread': 'Sin leer',
  'messages.open': 'Abrir {subject}',
  'messages.received': 'Recibido el {date}',
  'messages.back': 'Volver a los mensajes',
  'messages.pages': 'Páginas de mensajes',
  'messages.page': 'Página {page} de {pages}',
  'messages.previous': 'Anterior',
  'messages.next': 'Siguiente',
};

export type MessagesKey = keyof typeof messagesEn;
export type Key = MessagesKey | TranslationKey;

const dictionaries = { EN: messagesEn, ES: messagesEs } as const;
const isMessagesKey = (key: string): key is MessagesKey => Object.prototype.hasOwnProperty.call(messagesEn, key);

export function useT(): Omit<I18n, 't'> & { t(key: Key, params?: Params): string } {
  const i18n = useI18n();
  return useMemo(
    () => ({
      ...i18n,
      t: (key: Key, params?: Params) => (isMessagesKey(key) ? interpolate(dictionaries[i18n.language][key] ?? messagesEn[key], params) : i18n.t(key, params)),
    }),
    [i18n],
  );
}
