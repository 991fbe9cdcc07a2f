import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { communicationApi } from './communicationRecord';

const t = (key: string) => `resources.communications.messages.${key}`;

/** How often the backlog is read again while the screen is open. */
const REFRESH_MS = 15_000;

/**
 * The dispatcher's backlog above the communications list (issue 17 "Reliability": SMTP down → the
 * console shows it): waiting, sending and failed intents over every message (staff's communications
 * and the product's emails). Messages that could not be sent and wait for another attempt — what a
 * mail server that is away leaves — turn it into a warning with the next attempt's time.
 */
export function DeliveryBacklog() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const api = communicationApi(useAppDataProvider());
  const { data, isError } = useQuery({ queryKey: ['communications', 'backlog'], queryFn: api.backlog, refetchInterval: REFRESH_MS, retry: false });
  if (isError) {
    return (
      <Alert severity="info" sx={{ mb: 1 }} data-testid="delivery-backlog">
        {translate(t('backlog_unavailable'))}
      </Alert>
    );
  }
  if (!data) return null;
  const severity = data.retrying > 0 ? 'warning' : data.failed > 0 ? 'error' : data.waiting + data.sending > 0 ? 'info' : 'success';
  const idle = data.waiting + data.sending + data.failed === 0;
  return (
    <Alert severity={severity} sx={{ mb: 1 }} data-testid="delivery-backlog">
      <AlertTitle>{translate(t('backlog_title'))}</AlertTitle>
      {idle ? (
        translate(t('backlog_clear'))
      ) : (
        <Box>
          <Typography variant="body2" data-testid="delivery-backlog-counts">
            {translate(t('backlog_counts'), { waiting: data.waiting, sending: data.sending, failed: data.failed })}
          </Typography>
          {data.retrying > 0 ? (
            <Typography variant="body2" data-testid="delivery-backlog-retrying">
              {translate(t('backlog_retrying'), { smart_count: data.retrying, date: data.nextRetryAt ? formatDateTime(data.nextRetryAt, locale) : '—' })}
            </Typography>
          ) : null}
          {data.oldestWaitingSince ? <Typography variant="body2">{translate(t('backlog_oldest'), { date: formatDateTime(data.oldestWaitingSince, locale) })}</Typography> : null}
        </Box>
      )}
    </Alert>
  );
}
