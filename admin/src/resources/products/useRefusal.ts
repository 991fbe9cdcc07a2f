import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import type { HttpError } from '../../providers/http';

/**
 * The `onError` of the products screens' saves, deletes and actions. A refusal with field errors
 * (400) is left to the form, which shows each message under its input; any other refusal (409
 * 'A product needs a payment plan and a product item to be published', 404...) is notified with the
 * server's message, passed as the translation key so the Spanish console shows it from the message
 * catalogue (react-admin's own handler would show it as sent).
 */
export function useRefusal(options: { keepFieldErrors?: boolean } = { keepFieldErrors: true }) {
  const notify = useNotify();
  const keepFieldErrors = options.keepFieldErrors ?? true;
  return useCallback(
    (error: unknown) => {
      const fieldErrors = (error as HttpError | null)?.body?.errors;
      if (keepFieldErrors && fieldErrors && Object.keys(fieldErrors).length > 0) return;
      const message = typeof error === 'string' ? error : (error as Error | null)?.message;
      notify(message || 'ra.notification.http_error', { type: 'error' });
    },
    [notify, keepFieldErrors],
  );
}
