import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import type { HttpError } from '../../providers/http';

/**
 * The `onError` of the cohort screens' saves, deletes and actions. A refusal with field errors (400)
 * is left to the form, which shows each message under its input (unless `keepFieldErrors` is false,
 * for actions without a form); any other refusal (409 'The cohort cannot be archived: it belongs to
 * the product …', 'No learning-system (LMS) connection is set up for this cohort', 404...) is
 * notified with the server's message, passed as the translation key so the Spanish console shows it
 * from the message catalogue.
 */
export function useCohortRefusal({ keepFieldErrors = true }: { keepFieldErrors?: boolean } = {}) {
  const notify = useNotify();
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

/** The field errors of a refusal (400), or null for any other refusal. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  const errors = (error as HttpError | null)?.body?.errors;
  return errors && Object.keys(errors).length > 0 ? errors : null;
}
