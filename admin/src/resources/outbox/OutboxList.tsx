import { Alert, Box, Chip, LinearProgress, Typography } from '@mui/material';
import { DataTable, FilterLiveSearch, List, ResourceContextProvider, TopToolbar, useGetOne, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { OutboxMessageDto, OutboxMessageSummary, OutboxStatus } from '../../../../models/outbox';
import { formatDateTime } from '../../common/dates';
import { RecordDrawer } from '../../common/RecordDrawer';
import { InfoRow, InfoSection } from '../../common/InfoSection';

export const OUTBOX = 'outbox';

const t = (key: string) => `resources.outbox.${key}`;
const statusColor: Record<OutboxStatus, 'default' | 'success' | 'error'> = { PENDING: 'default', SENT: 'success', FAILED: 'error' };

/** A message as react-admin holds it (its id is the record's). */
type OutboxRecord = Omit<OutboxMessageDto, 'id'> & RaRecord;
type OutboxRow = Omit<OutboxMessageSummary, 'id'> & RaRecord;

function OutboxStatusChip({ status }: { status: OutboxStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={statusColor[status] ?? 'default'} label={translate(t(`statuses.${status}`), { _: status })} />;
}

/**
 * One email: recipient, subject, status and times, then the body. The text body is shown as text
 * (a <pre>, never parsed as HTML); an HTML body goes into an iframe with an empty `sandbox`, so its
 * scripts, forms and links cannot act in the console.
 */
function OutboxDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: message, error, isPending } = useGetOne<OutboxRecord>(OUTBOX, { id });
  if (isPending) return <LinearProgress />;
  if (error || !message) {
    return (
      <Alert severity="error" data-testid="outbox-load-error">
        {translate(t('messages.not_found'))}
      </Alert>
    );
  }
  return (
    <ResourceContextProvider value={OUTBOX}>
      <Box data-testid="outbox-detail">
        <InfoSection title={t('fields.email')}>
          <InfoRow label={t('fields.toAddress')} testId="outbox-to">
            {message.toAddress}
          </InfoRow>
          <InfoRow label={t('fields.subject')}>
            <span translate="no">{message.subject}</span>
          </InfoRow>
          <InfoRow label={t('fields.status')}>
            <OutboxStatusChip status={message.status} />
          </InfoRow>
          <InfoRow label={t('fields.createdAt')}>{formatDateTime(message.createdAt, locale)}</InfoRow>
          <InfoRow label={t('fields.sentAt')}>{formatDateTime(message.sentAt, locale)}</InfoRow>
          {message.error ? (
            <InfoRow label={t('fields.error')} testId="outbox-error">
              {message.error}
            </InfoRow>
          ) : null}
          <InfoRow label={t('fields.templateKey')} testId="outbox-kind">
            {message.templateKey ? translate(t(`kinds.${message.templateKey}`), { _: message.templateKey }) : null}
          </InfoRow>
        </InfoSection>
        <Box
          component="pre"
          // The email as it was sent, in the recipient's language: not the console's text.
          translate="no"
          data-testid="outbox-text-body"
          sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', fontSize: '0.875rem', bgcolor: 'action.hover', p: 2, borderRadius: 1, m: 0, mb: 2 }}
        >
          {message.textBody}
        </Box>
        {message.htmlBody ? (
          <>
            <Typography variant="subtitle2" color="text.secondary" gutterBottom>
              {translate(t('fields.htmlBody'))}
            </Typography>
            <Box
              component="iframe"
              sandbox=""
              srcDoc={message.htmlBody}
              title={translate(t('messages.html_title'))}
              data-testid="outbox-html-body"
              sx={{ width: '100%', minHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
            />
          </>
        ) : null}
      </Box>
    </ResourceContextProvider>
  );
}

function OutboxTitle({ id }: { id: string }) {
  const { data } = useGetOne<OutboxRow>(OUTBOX, { id });
  return (
    <span data-testid="drawer-title" translate={data ? 'no' : undefined}>
      {data ? data.subject : `#${id}`}
    </span>
  );
}

function OutboxListActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label={t('filters.search')} placeholder="" sx={{ minWidth: 260 }} />
    </TopToolbar>
  );
}

function OutboxListBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { search } = useLocation();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }} data-testid="outbox-intro">
        {translate(t('messages.intro'))}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<OutboxRow> rowClick={(id) => `/${OUTBOX}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="createdAt" label={t('fields.createdAt')} disableSort render={(record) => formatDateTime(record.createdAt, locale)} />
          <DataTable.Col source="toAddress" label={t('fields.toAddress')} disableSort />
          {/* The subject as sent, in the recipient's language: data, not the console's words. */}
          <DataTable.Col source="subject" label={t('fields.subject')} disableSort render={(r: { subject: string }) => <span translate="no">{r.subject}</span>} />
          <DataTable.Col source="status" label={t('fields.status')} disableSort render={(record) => <OutboxStatusChip status={record.status} />} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /outbox/:id? — every email the product sent, newest first, 10 a page; the search matches the start
 * of the recipient or a word of the subject (GET /outbox?keyword); a row opens the email's drawer.
 */
export function OutboxList() {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={OUTBOX}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        actions={<OutboxListActions />}
        empty={false}
        title={translate(t('name'), { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <OutboxListBody />
      </List>
      <RecordDrawer basePath={`/${OUTBOX}`} title={(id) => <OutboxTitle id={id} />}>
        {(id) => <OutboxDetail key={id} id={id} />}
      </RecordDrawer>
    </Box>
  );
}

export default OutboxList;
