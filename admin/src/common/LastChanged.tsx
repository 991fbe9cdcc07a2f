import { Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useActorName } from './actorName';
import { formatDateTime } from './dates';

export interface Changed {
  updatedAt?: string | null;
  updatedBy?: { id?: number | null; name?: string | null } | null;
  /** Records that keep the name beside the id (job schedules). */
  updatedByName?: string | null;
}

/**
 * 'Last changed 03-02-2026, 10:15 AM by Ana Díaz' under a record's form — one caption for every
 * record staff edit (programs and their parts, products, cohorts, business categories,
 * communications, job schedules, the mobile app's settings); the server's own changes read "by the
 * system" in the console's language.
 */
export function LastChanged({ record, testId = 'last-changed' }: { record: Changed; testId?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const actorName = useActorName();
  if (!record.updatedAt) return null;
  const date = formatDateTime(record.updatedAt, locale);
  const name = actorName(record.updatedBy ?? record.updatedByName);
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid={testId}>
      {name ? translate('app.last_changed.by', { date, name }) : translate('app.last_changed.at', { date })}
    </Typography>
  );
}
