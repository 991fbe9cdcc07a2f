import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { statusColor, type LmsStatusValue, type LmsVendorValue } from './lmsRecord';

export const t = (key: string) => `resources.lms.${key}`;

export function StatusChip({ status, testId }: { status: LmsStatusValue; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={statusColor[status] ?? 'default'} label={translate(`enums.LmsConnectionStatus.${status}`, { _: status })} data-testid={testId} />;
}

export function VendorChip({ vendor, testId }: { vendor: LmsVendorValue; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" label={translate(`enums.LmsVendor.${vendor}`, { _: vendor })} data-testid={testId} />;
}
