/**
 * A failed call above its form: the server's message translated (for a validation error, "please
 * correct the highlighted fields"), plus the field errors the form has no field for. Field errors
 * themselves show under their fields.
 */
import { useI18n } from '../i18n';
import type { ErrorView } from '../lib/errors';
import { FormMessage } from './FormMessage';

export function ErrorAlert({ error, testId }: { error: ErrorView | null; testId?: string }) {
  const { t, tm } = useI18n();
  if (!error) return null;
  const validation = error.code === 'VALIDATION_ERROR' || (error.status === 400 && (Object.keys(error.fields).length > 0 || error.others.length > 0));
  return (
    <FormMessage severity="error" testId={testId}>
      {validation ? t('common.fixFields') : tm(error.message)}
      {error.others.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {error.others.map((other) => (
            <li key={other.path}>{other.path === '_' ? tm(other.message) : `${other.path}: ${tm(other.message)}`}</li>
          ))}
        </ul>
      )}
    </FormMessage>
  );
}
