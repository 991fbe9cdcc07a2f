import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import type { HttpError } from '../providers/http';

export interface ServerRefusalOptions {
  /**
   * Leave a refusal with field errors (400) to the form, which shows each message under its input
   * (the default). False for actions without a form, where such a refusal is notified like any other.
   */
  keepFieldErrors?: boolean;
  /**
   * The message (translation key) for refusals this screen words itself, e.g. by their `body.code`;
   * undefined leaves the refusal to the server's message.
   */
  messageOf?: (error: unknown) => string | undefined;
}

/** The field errors of a refusal (400), or null for any other refusal. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  const errors = (error as HttpError | null)?.body?.errors;
  return errors && Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The `onError` of the console's saves, deletes and actions. A refusal with field errors (400) is
 * left to the form (unless `keepFieldErrors` is false); any other refusal (409, 404...) is notified
 * with the server's message, passed as the translation key without a default, so the i18n provider
 * shows it in Spanish from the message catalogue when the console is in Spanish (react-admin's own
 * handler would show it as sent). A caller's `messageOf` may word special refusals itself.
 */
export function useServerRefusal({ keepFieldErrors = true, messageOf }: ServerRefusalOptions = {}) {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      if (keepFieldErrors && fieldErrorsOf(error)) return;
      const special = messageOf?.(error);
      const message = special ?? (typeof error === 'string' ? error : (error as Error | null)?.message);
      notify(message || 'ra.notification.http_error', { type: 'error' });
    },
    [notify, keepFieldErrors, messageOf],
  );
}
