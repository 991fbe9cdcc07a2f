import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import type { HttpError } from '../../providers/http';

/**
 * The `onError` of this screen's saves and deletes. A refusal with field errors (400) is left to the
 * form, which puts each message under its input; any other refusal (409 'The business category name
 * cannot be changed', 404...) is notified with the server's message. The message is passed as the
 * translation key without a default, so the i18n provider shows it in Spanish from the message
 * catalogue when the console is in Spanish (react-admin's own handler would show it as sent).
 */
export function useServerRefusal() {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      const fieldErrors = (error as HttpError | null)?.body?.errors;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) return;
      const message = typeof error === 'string' ? error : (error as Error | null)?.message;
      notify(message || 'ra.notification.http_error', { type: 'error' });
    },
    [notify],
  );
}
