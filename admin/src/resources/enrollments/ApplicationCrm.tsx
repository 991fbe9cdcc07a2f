import { useState } from 'react';
import { Box, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, useCanAccess, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../common/dates';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { LoadError } from './ApplicationPaymentPlans';
import { ENROLLMENTS, type ApplicationRecord, type CrmNotification } from '../../common/applicationRecord';
import { crmSyncStatus, isCrmNotificationRetryable, type CrmNotificationStatusValue } from '../../../../domain/state/crm-notifications';

const t = (key: string) => `resources.enrollments.crm.${key}`;
const PAGE_SIZE = 10;

/** Only a notification that has not gone through (and that nobody is sending) can be sent again: domain/state/crm-notifications.ts. */
export const canRetry = (n: Pick<CrmNotification, 'status'>) => isCrmNotificationRetryable(n);

const statusColor: Record<CrmNotificationStatusValue, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  ACCEPTED: 'success',
  FAILED: 'error',
  PENDING: 'warning',
  SENDING: 'info',
};

/**
 * The CRM tab: what the application told Salesforce, newest first, ten a page (GET
 * /applications/{id}/salesforce_notifications), with each delivery's status, attempts and last error;
 * 'Retry' sends a failed or pending one again (POST …/{notificationId}).
 */
export function ApplicationCrm({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess: canEdit = false } = useCanAccess({ resource: ENROLLMENTS, action: 'edit' });
  const [page, setPage] = useState(0);
  const [pending, setPending] = useState<number | null>(null);
  const baseKey = ['enrollments', 'crm', String(record.id)];
  const { data, error, isPending } = useQuery({
    queryKey: [...baseKey, page, record.updatedAt],
    queryFn: () => dataProvider.crmNotifications(record.id, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

  async function retry(notification: CrmNotification) {
    setPending(notification.id);
    try {
      const answer = (await dataProvider.retryCrmNotification(record.id, notification.id)) as Partial<CrmNotification> | null;
      notify(answer?.status === 'FAILED' ? t('retry_failed') : t('retried'), { type: answer?.status === 'FAILED' ? 'warning' : 'success' });
      await queryClient.invalidateQueries({ queryKey: baseKey });
    } catch (err) {
      refused(err);
    } finally {
      setPending(null);
    }
  }

  if (isPending) return <LinearProgress />;
  if (error) return <LoadError error={error} />;
  const rows: CrmNotification[] = data?.data ?? [];
  if (!rows.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="no-crm">
        {translate(t('empty'))}
      </Typography>
    );
  }
  return (
    <Box data-testid="application-crm" sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('event'))}</TableCell>
            <TableCell>{translate(t('status'))}</TableCell>
            <TableCell align="right">{translate(t('attempts'))}</TableCell>
            <TableCell>{translate(t('createdAt'))}</TableCell>
            <TableCell>{translate(t('sentAt'))}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((n) => (
            <TableRow key={n.id} data-testid={`crm-${n.id}`}>
              <TableCell>
                <Typography variant="body2">{translate(t(`events.${n.event}`), { _: n.event })}</Typography>
                {n.lastError ? (
                  <Typography variant="caption" color="error" component="div" sx={{ wordBreak: 'break-word' }}>
                    {n.lastError}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <Chip size="small" color={statusColor[n.status] ?? 'default'} label={translate(`enums.SyncStatus.${crmSyncStatus(n.status)}`, { _: n.status })} />
              </TableCell>
              <TableCell align="right">{n.attempts}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(n.createdAt, locale)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(n.sentAt, locale)}</TableCell>
              <TableCell>
                {canEdit && canRetry(n) ? (
                  <Button label={t('retry')} size="small" disabled={pending !== null} onClick={() => retry(n)} data-testid={`retry-crm-${n.id}`}>
                    <ReplayIcon />
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={data?.total ?? rows.length}
        page={page}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[PAGE_SIZE]}
        labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
      />
    </Box>
  );
}
