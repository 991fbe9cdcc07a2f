import { useState } from 'react';
import {
  Box,
  Chip,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, useCanAccess, useLocaleState, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { studentName } from '../../common/studentNames';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import {
  COMMUNICATIONS,
  communicationApi,
  communicationStatusColor,
  intentStatusColor,
  type CommunicationRecord,
  type CommunicationStatusValue,
  type IntentRecord,
  type IntentStatusValue,
} from './communicationRecord';

const t = (key: string) => `resources.communications.${key}`;
const f = (key: string) => t(`fields.${key}`);

export const intentsQueryKey = (id: Identifier) => ['communications', 'intents', String(id)] as const;

/** A communication's status as a coloured chip. */
export function CommunicationStatusChip({ status, testId }: { status: CommunicationStatusValue; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={communicationStatusColor[status] ?? 'default'} label={translate(`enums.CommunicationStatus.${status}`, { _: status })} data-testid={testId} />;
}

export function IntentStatusChip({ status, testId }: { status: IntentStatusValue; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={intentStatusColor[status] ?? 'default'} label={translate(`enums.IntentStatus.${status}`, { _: status })} data-testid={testId} />;
}

/**
 * The sends of a communication (one per recipient, channel and attempt; SENT_AT descending, 10 a
 * page): student, channel, status chip, attempts, last error, when sent; 'Send again' on a SENT or
 * FAILED one and 'Send all failed again' (communications:send). A refusal (still sending, already
 * sent again) is notified in the console's language.
 */
export function CommunicationIntents({ record }: { record: CommunicationRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useAppDataProvider();
  const api = communicationApi(dataProvider);
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess: canSend = false } = useCanAccess({ resource: COMMUNICATIONS, action: 'send' });
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<IntentStatusValue | ''>('');
  const statuses = useEnumChoices('IntentStatus');
  const [pending, setPending] = useState(false);
  const size = 10;
  const { data, isPending } = useQuery({
    queryKey: [...intentsQueryKey(record.id), page, status],
    queryFn: () => api.intents(record.id, page + 1, size, status ? [status] : undefined),
  });
  const failed = record.intentCounts?.FAILED ?? 0;

  async function act(call: () => Promise<unknown>, message: (answer: unknown) => [string, object?]) {
    setPending(true);
    try {
      const answer = await call();
      const [key, options] = message(answer);
      notify(key, { type: 'success', messageArgs: options });
      await queryClient.invalidateQueries({ queryKey: intentsQueryKey(record.id) });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  const counts = record.intentCounts;
  return (
    <Box data-testid="communication-intents">
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 1 }}>
        {counts ? (
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="intent-counts">
            {translate(t('messages.counts'), { created: counts.CREATED, sending: counts.SENDING, sent: counts.SENT, failed: counts.FAILED })}
          </Typography>
        ) : null}
        <TextField
          select
          size="small"
          label={translate(f('status'))}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as IntentStatusValue | '');
            setPage(0);
          }}
          sx={{ minWidth: 150 }}
          slotProps={{ htmlInput: { 'data-testid': 'intent-status-filter' } }}
        >
          <MenuItem value="">{translate(t('messages.all_statuses'))}</MenuItem>
          {statuses.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        {canSend && failed > 0 ? (
          <Button
            label={t('actions.resend_failed')}
            variant="outlined"
            size="small"
            disabled={pending}
            data-testid="resend-failed"
            onClick={() =>
              void act(
                () => api.resendFailed(record.id),
                (answer) => [t('notifications.resent_failed'), { smart_count: (answer as { count: number }).count }],
              )
            }
          >
            <ReplayIcon />
          </Button>
        ) : null}
      </Stack>
      {isPending ? (
        <LinearProgress />
      ) : !data?.data.length ? (
        <Typography variant="body2" color="text.secondary" data-testid="no-intents">
          {translate(t('messages.no_intents'))}
        </Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(f('student'))}</TableCell>
                  <TableCell>{translate(f('channel'))}</TableCell>
                  <TableCell>{translate(f('status'))}</TableCell>
                  <TableCell align="right">{translate(f('attempts'))}</TableCell>
                  <TableCell>{translate(f('lastError'))}</TableCell>
                  <TableCell>{translate(f('sentAt'))}</TableCell>
                  {canSend ? <TableCell /> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((intent: IntentRecord) => (
                  <TableRow key={intent.id} data-testid={`intent-${intent.id}`}>
                    <TableCell sx={{ minWidth: 140 }}>{intent.student ? studentName(intent.student) : intent.toAddress}</TableCell>
                    <TableCell>{translate(`enums.CommunicationChannel.${intent.channel}`, { _: intent.channel })}</TableCell>
                    <TableCell>
                      <IntentStatusChip status={intent.status} testId={`intent-status-${intent.id}`} />
                    </TableCell>
                    <TableCell align="right">{intent.attempts}</TableCell>
                    <TableCell sx={{ maxWidth: 220, wordBreak: 'break-word' }}>{intent.lastError ?? ''}</TableCell>
                    {/* The date and its time may take two lines: on one, the Spanish columns pushed Send again out of the drawer at 1280 px. */}
                    <TableCell sx={{ minWidth: 90 }}>{intent.sentAt ? formatDateTime(intent.sentAt, locale) : ''}</TableCell>
                    {canSend ? (
                      <TableCell>
                        {intent.status === 'SENT' || intent.status === 'FAILED' ? (
                          // An icon with its name as tooltip: a worded button pushed the row's action out of the drawer at 1280 px.
                          <Tooltip title={translate(t('actions.resend'))}>
                            <span>
                              <IconButton
                                size="small"
                                aria-label={translate(t('actions.resend'))}
                                disabled={pending}
                                data-testid={`resend-intent-${intent.id}`}
                                onClick={() =>
                                  void act(
                                    () => api.resend(record.id, intent.id),
                                    () => [t('notifications.resent')],
                                  )
                                }
                              >
                                <ReplayIcon fontSize="small" />
                              </IconButton>
                            </span>
                          </Tooltip>
                        ) : null}
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={size}
            rowsPerPageOptions={[size]}
            onPageChange={(_, p) => setPage(p)}
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} / ${count}`}
          />
        </>
      )}
    </Box>
  );
}
