import { useCallback, type ReactNode } from 'react';
import { Box, Chip } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  describeCron,
  intervalUnit,
  isInterval,
  jobRunOutcomeColor,
  jobStatusColor,
  type JobRunOutcomeValue,
  type JobScheduleRecord,
  type JobStatusValue,
} from './jobScheduleRecord';

/** Pieces the job schedules list, drawer and run history share. */

export const t = (key: string) => `resources.job-schedules.${key}`;

/** A schedule's status as a chip: Active (green) or Paused (amber). */
export function JobStatusChip({ status, testId }: { status: JobStatusValue | null | undefined; testId?: string }) {
  const translate = useTranslate();
  if (!status) return null;
  return <Chip size="small" color={jobStatusColor[status] ?? 'default'} label={translate(`enums.JobStatus.${status}`, { _: status })} data-testid={testId} />;
}

/** A run's outcome as a chip: Running (blue), Succeeded (green), Failed (red), Abandoned (amber). */
export function JobRunOutcomeChip({ outcome, testId }: { outcome: JobRunOutcomeValue | null | undefined; testId?: string }) {
  const translate = useTranslate();
  if (!outcome) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={jobRunOutcomeColor[outcome] ?? 'default'}
      label={translate(`enums.JobRunOutcome.${outcome}`, { _: outcome })}
      data-testid={testId}
    />
  );
}

/**
 * A schedule in words in the console's language: the cron expression read by cronstrue ('At 02:00
 * AM', 'Cada 15 minutos'), or the interval ('Every 15 minutes'); the expression itself when it
 * cannot be read, '' without either.
 */
export function useScheduleWords() {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  return useCallback(
    (schedule: Pick<JobScheduleRecord, 'cronJob' | 'cronExpression' | 'repeatInterval'>): string => {
      if (schedule.cronJob) {
        const reading = describeCron(schedule.cronExpression, locale);
        return reading.ok ? reading.text : (schedule.cronExpression ?? '');
      }
      const seconds = Number(schedule.repeatInterval);
      if (!isInterval(seconds)) return '';
      const { unit, count } = intervalUnit(seconds);
      return translate(t(`schedule.every_${unit}`), { smart_count: count });
    },
    [translate, locale],
  );
}

/** Label and value rows of the read-only view. */
export function DetailRows({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
      {children}
    </Box>
  );
}

/** A schedule's group: the catalogue's groups by their label, a group staff typed as it is. */
export function JobGroupLabel({ group }: { group: string | null }) {
  const translate = useTranslate();
  if (!group) return null;
  const label = translate(`resources.job-schedules.groups.${group}`, { _: '' });
  return label ? <>{label}</> : <span translate="no">{group}</span>;
}
