import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CohortRecord } from './cohortRecord';

const statusColor: Record<string, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  CREATED: 'info',
  ACTIVE: 'success',
  COMPLETED: 'default',
  CANCELLED: 'error',
  ARCHIVED: 'warning',
};

/** A cohort status by its label, coloured: created blue, active green, completed grey, cancelled red. */
export function CohortStatusChip({ status }: { status: CohortRecord['status'] }) {
  const translate = useTranslate();
  return <Chip size="small" color={statusColor[status] ?? 'default'} label={translate(`enums.CohortStatus.${status}`, { _: status })} data-testid="cohort-status" />;
}

export function YesNo({ value, testId }: { value: boolean; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={value ? 'success' : 'default'} label={translate(value ? 'app.yes' : 'app.no')} data-testid={testId} />;
}

/** What the cohort is now, at a glance: status, published or not, archived, course access. */
export function CohortStateChips({ record }: { record: Pick<CohortRecord, 'status' | 'published' | 'deleted' | 'accessDisabled' | 'useCoachingCircle'> }) {
  const translate = useTranslate();
  const st = (key: string) => translate(`resources.cohorts.status.${key}`);
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} data-testid="cohort-state">
      <CohortStatusChip status={record.status} />
      <Chip
        size="small"
        variant={record.published ? 'filled' : 'outlined'}
        color={record.published ? 'success' : 'default'}
        label={st(record.published ? 'published' : 'unpublished')}
      />
      {record.useCoachingCircle ? <Chip size="small" variant="outlined" color="info" label={st('coaching_circles')} /> : null}
      {record.accessDisabled ? <Chip size="small" color="error" variant="outlined" label={st('access_disabled')} /> : null}
    </Stack>
  );
}
