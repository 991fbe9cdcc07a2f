/**
 * /messages/{id} — one message of the portal inbox: its subject, when it arrived and its text.
 * Opening it marks it read (the server does, for the student), and the badge is read again.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoading } from '../../components/PageLoading';
import { useApi, useSession } from '../../components/PortalContext';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useUnreadMessages } from '../../layout/InboxContext';
import { inboxApi, inboxText, type InboxMessage } from '../../lib/inbox-api';
import { dateTime } from '../enrollment/format';
import { useLoad } from '../enrollment/useLoad';
import { useT } from './i18n';

export default function MessageScreen() {
  const { t, locale } = useT();
  const api = useApi();
  const calls = useMemo(() => inboxApi(api.http), [api]);
  const studentId = useSession()?.studentId;
  const id = Number(useParams().messageId);
  const { refresh } = useUnreadMessages();
  const message = useLoad<InboxMessage | null>(() => (studentId && Number.isInteger(id) ? calls.read(studentId, id) : Promise.resolve(null)), [calls, studentId, id]);
  useDocumentTitle(message.data?.subject ?? t('nav.messages'));
  useEffect(() => {
    if (message.data) refresh();
  }, [message.data, refresh]);

  const back = (
    <Button component={Link} to="/messages" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
      {t('messages.back')}
    </Button>
  );
  if (message.loading && !message.data) return <PageLoading />;
  if (message.error || !message.data) {
    return (
      <Box sx={{ maxWidth: 960 }}>
        {back}
        {message.error && <ErrorAlert error={message.error} testId="message-error" />}
      </Box>
    );
  }
  const m = message.data;
  return (
    <Box sx={{ maxWidth: 960 }}>
      {back}
      <Paper variant="outlined" component="article" aria-labelledby="message-subject" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h1" variant="h5" id="message-subject" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
          {m.subject}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t('messages.received', { date: dateTime(m.sentAt, locale) })}
        </Typography>
        <Typography component="div" data-testid="message-body" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 2 }}>
          {inboxText(m.body)}
        </Typography>
      </Paper>
    </Box>
  );
}
