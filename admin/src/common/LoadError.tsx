import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** An error of a tab's call, in the console's language. */
export function LoadError({ error, testId }: { error: unknown; testId?: string }) {
  const translate = useTranslate();
  const message = (error as Error | null)?.message;
  return (
    <Alert severity="error" variant="outlined" data-testid={testId ?? 'tab-load-error'}>
      {message ? translate(message, { _: message }) : translate('ra.notification.http_error')}
    </Alert>
  );
}
