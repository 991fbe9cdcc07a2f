import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { statusColor, type ApplicationStatusValue } from './applicationRecord';

/** An application's status as a coloured chip ('Enrolled' green, 'Rejected' red...). */
export function ApplicationStatusChip({ status, testId }: { status: ApplicationStatusValue | null | undefined; testId?: string }) {
  const translate = useTranslate();
  if (!status) return null;
  return (
    <Chip
      size="small"
      color={statusColor[status] ?? 'default'}
      variant={status === 'ARCHIVED' ? 'outlined' : 'filled'}
      label={translate(`enums.ApplicationStatus.${status}`, { _: status })}
      data-testid={testId}
    />
  );
}
