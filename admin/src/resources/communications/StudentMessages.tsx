import { useState } from 'react';
import { Box, LinearProgress, Stack, TablePagination, Typography } from '@mui/material';
import { useCanAccess, useLocaleState, useTranslate, type Identifier } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../common/dates';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { IntentStatusChip } from './CommunicationIntents';
import { COMMUNICATIONS, communicationApi, type IntentRecord } from './communicationRecord';

const t = (key: string) => `resources.communications.${key}`;

/** What a message is: its communication's subject (a link to it), else its own subject or the product email's template. */
function MessageTitle({ intent }: { intent: IntentRecord }) {
  const translate = useTranslate();
  const subject = intent.subject ?? (intent.templateKey ? translate(t('messages.product_email'), { key: intent.templateKey }) : `#${intent.id}`);
  return intent.communicationId ? (
    <Box component={Link} to={`/${COMMUNICATIONS}/${intent.communicationId}`} sx={{ color: 'inherit', fontWeight: 500 }}>
      {subject}
    </Box>
  ) : (
    <Box component="span" sx={{ fontWeight: 500 }}>
      {subject}
    </Box>
  );
}

/**
 * The student drawer's Communications tab, under the preferences: every message to the student —
 * communications and the product's emails, email and inbox — newest first with its channel, status
 * and when it was sent (POST /students/{id}/communication_intents, 10 a page). One line per message,
 * wrapping on narrow screens (400 px).
 */
export function StudentMessages({ studentId }: { studentId: Identifier }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const { canAccess = false, isPending: checking } = useCanAccess({ resource: COMMUNICATIONS, action: 'list' });
  const [page, setPage] = useState(0);
  const size = 10;
  const { data, isPending } = useQuery({
    queryKey: ['communications', 'student', String(studentId), page],
    queryFn: () => communicationApi(dataProvider).studentIntents(studentId, page + 1, size),
    enabled: canAccess,
  });
  if (checking || !canAccess) return null;
  return (
    <Box sx={{ mt: 3 }} data-testid="student-messages">
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(t('messages.student_tab_title'))}
      </Typography>
      {isPending ? (
        <LinearProgress />
      ) : !data?.data.length ? (
        <Typography variant="body2" color="text.secondary" data-testid="student-messages-empty">
          {translate(t('messages.student_tab_empty'))}
        </Typography>
      ) : (
        <>
          <Stack divider={<Box sx={{ borderBottom: 1, borderColor: 'divider' }} />} spacing={1}>
            {data.data.map((intent) => (
              <Stack key={intent.id} direction="row" useFlexGap flexWrap="wrap" alignItems="center" columnGap={1} rowGap={0.5} data-testid={`student-message-${intent.id}`}>
                <Box sx={{ flex: '1 1 180px', minWidth: 0, wordBreak: 'break-word' }}>
                  <MessageTitle intent={intent} />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {translate(`enums.CommunicationChannel.${intent.channel}`, { _: intent.channel })}
                </Typography>
                <IntentStatusChip status={intent.status} testId={`student-message-status-${intent.id}`} />
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {intent.sentAt ? formatDateTime(intent.sentAt, locale) : ''}
                </Typography>
                {intent.lastError ? (
                  <Typography variant="caption" color="error" sx={{ flexBasis: '100%' }}>
                    {intent.lastError}
                  </Typography>
                ) : null}
              </Stack>
            ))}
          </Stack>
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
