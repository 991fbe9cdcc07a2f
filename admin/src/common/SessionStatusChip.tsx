import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Session status colours of the spec: ACTIVE green, IDLE orange, INACTIVE grey. */
export const sessionStatusColor = { ACTIVE: '#2e7d32', IDLE: '#ed6c02', INACTIVE: '#9e9e9e' } as const;
export type SessionStatusValue = keyof typeof sessionStatusColor;

export function SessionStatusChip({ status }: { status: SessionStatusValue | null | undefined }) {
  const translate = useTranslate();
  const value: SessionStatusValue = status && status in sessionStatusColor ? status : 'INACTIVE';
  return (
    <Chip
      size="small"
      label={translate(`enums.SessionStatus.${value}`)}
      data-testid="session-status"
      data-status={value}
      sx={{ bgcolor: sessionStatusColor[value], color: '#fff', fontWeight: 500 }}
    />
  );
}
