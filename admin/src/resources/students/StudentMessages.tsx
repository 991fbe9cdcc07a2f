import { useState } from 'react';
import { Box, LinearProgress, Stack, TablePagination, Typography } from '@mui/material';
import { useCanAccess, useLocaleState, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../common/dates';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { EnumChip } from '../../common/billingShared';
import { pagingToQuery, readList } from '../../providers/dataProvider';

const t = (key: string) => `resources.communications.${key}`;
const COMMUNICATIONS = 'communications';

/** One message to the student (POST /students/{id}/communication_intents: the communications contract's intent). */
interface StudentMessage extends RaRecord {
  communicationId: number | null;
  templateKey: string | null;
  channel: string;
  status: string;
  subject: string | null;
  lastError: string | null;
  sentAt: string | null;
}

const statusColor = { CREATED: 'default', SENDING: 'warning', SENT: 'success', FAILED: 'error' } as const;

/** What a message is: its communication's subject (a link to it), else its own subject or the product email's template. */
function MessageTitle({ intent }: { intent: StudentMessage }) {
  const translate = useTranslate();
  const subject = intent.subject ?? (intent.templateKey ? translate(t('messages.product_email'), { key: intent.templateKey }) : `#${intent.id}`);
  // A subject is the message's own words, in the student's language: not the console's to translate.
  const own = intent.subject !== null;
  return intent.communicationId ? (
    <Box component={Link} to={`/${COMMUNICATIONS}/${intent.communicationId}`} translate={own ? 'no' : undefined} sx={{ color: 'inherit', fontWeight: 500 }}>
      {subject}
    </Box>
  ) : (
    <Box component="span" translate={own ? 'no' : undefined} sx={{ fontWeight: 500 }}>
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
    queryFn: async () =>
      readList<StudentMessage>(
        await dataProvider.request({
          method: 'POST',
          path: `/students/${encodeURIComponent(String(studentId))}/communication_intents`,
          query: pagingToQuery({ pagination: { page: page + 1, perPage: size }, sort: { field: 'id', order: 'DESC' } }),
          body: {},
        }),
      ),
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
                <EnumChip enumName="IntentStatus" value={intent.status} colors={statusColor} testId={`student-message-status-${intent.id}`} />
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
