/**
 * /messages — the portal inbox (issue 17): the messages the institute sent the student, newest
 * first, ten a page; unread ones in bold with an "Unread" mark; each opens at /messages/{id}.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoading } from '../../components/PageLoading';
import { useApi, useSession } from '../../components/PortalContext';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { inboxApi, inboxText, type InboxMessage } from '../../lib/inbox-api';
import type { Page } from '../../lib/enrollment-api';
import { dateTime } from '../enrollment/format';
import { useLoad } from '../enrollment/useLoad';
import { useT } from './i18n';

const PAGE_SIZE = 10;

export default function MessagesScreen() {
  const { t, locale } = useT();
  useDocumentTitle(t('nav.messages'));
  const api = useApi();
  const calls = useMemo(() => inboxApi(api.http), [api]);
  const studentId = useSession()?.studentId;
  const [page, setPage] = useState(0);
  const list = useLoad<Page<InboxMessage>>(
    () => (studentId ? calls.list(studentId, { page, size: PAGE_SIZE }) : Promise.resolve({ content: [], pagination: { total: 0, page: 0, size: PAGE_SIZE } })),
    [calls, studentId, page],
  );

  const heading = (
    <Typography component="h1" variant="h4" gutterBottom>
      {t('nav.messages')}
    </Typography>
  );
  if (list.loading && !list.data) return <PageLoading />;
  if (list.error) {
    return (
      <Box sx={{ maxWidth: 960 }}>
        {heading}
        <ErrorAlert error={list.error} testId="messages-error" />
      </Box>
    );
  }
  const messages = list.data?.content ?? [];
  const total = list.data?.pagination.total ?? messages.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const shown = list.data?.pagination.page ?? page;
  return (
    <Box sx={{ maxWidth: 960 }}>
      {heading}
      {!messages.length && page === 0 ? (
        <Typography color="text.secondary" data-testid="messages-none">
          {t('messages.none')}
        </Typography>
      ) : (
        <Paper variant="outlined">
          <List aria-label={t('messages.list')} disablePadding>
            {messages.map((m, i) => {
              const unread = !m.readAt;
              return (
                <ListItemButton
                  key={m.id}
                  component={Link}
                  to={`/messages/${m.id}`}
                  divider={i < messages.length - 1}
                  aria-label={t('messages.open', { subject: m.subject })}
                  data-testid={`message-row-${m.id}`}
                  sx={{ alignItems: 'flex-start', gap: 1 }}
                >
                  <ListItemText
                    primary={m.subject}
                    secondary={
                      <>
                        <Box component="span" sx={{ display: 'block' }}>
                          {t('messages.received', { date: dateTime(m.sentAt, locale) })}
                        </Box>
                        <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                          {inboxText(m.body).split('\n')[0]}
                        </Box>
                      </>
                    }
                    slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' } } }}
                    sx={{ minWidth: 0 }}
                  />
                  {unread && <Chip label={t('messages.unread')} color="primary" size="small" sx={{ flexShrink: 0, mt: 0.5 }} />}
                </ListItemButton>
              );
            })}
          </List>
        </Paper>
      )}
      {pages > 1 && (
        <Box component="nav" aria-label={t('messages.pages')} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 2, mt: 2 }}>
          <Button onClick={() => setPage((p) => p - 1)} disabled={page === 0 || list.loading}>
            {t('messages.previous')}
          </Button>
          <Typography variant="body2">{t('messages.page', { page: shown + 1, pages })}</Typography>
          <Button onClick={() => setPage((p) => p + 1)} disabled={page + 1 >= pages || list.loading}>
            {t('messages.next')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
