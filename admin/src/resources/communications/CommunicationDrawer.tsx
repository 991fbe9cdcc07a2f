import { useState } from 'react';
import { Alert, Box, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { ResourceContextProvider, useCanAccess, useGetMany, useGetOne, useLocaleState, useTranslate, type TranslateFunction } from 'react-admin';
import { formatDate, formatDateTime } from '../../common/dates';
import { InfoRow } from '../../common/InfoSection';
import { RecordDrawer } from '../../common/RecordDrawer';
import { formatTime } from '../../common/TimeInput';
import { studentOptionText } from '../../common/studentNames';
import { CommunicationCreate, CommunicationEdit } from './CommunicationForm';
import { CommunicationIntents, CommunicationStatusChip } from './CommunicationIntents';
import { CommunicationPreview } from './CommunicationPreview';
import { COMMUNICATIONS, isEditable, toFormValues, toPayload, type CommunicationRecord } from './communicationRecord';
import { LastChanged } from '../../common/LastChanged';

const t = (key: string) => `resources.communications.${key}`;
const f = (key: string) => t(`fields.${key}`);

/** A stored FILTER criterion in words: languages by their labels, yes/no, date ranges as dates, lists joined. */
export function criterionText(key: string, value: unknown, translate: TranslateFunction): string {
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (Array.isArray(value)) return value.map((v) => (key === 'languages' ? translate(`enums.Language.${String(v)}`, { _: String(v) }) : String(v))).join(', ');
  if (value && typeof value === 'object') {
    const range = value as { from?: string | null; to?: string | null };
    return [formatDate(range.from), formatDate(range.to)].filter(Boolean).join(' – ');
  }
  return String(value ?? '');
}

/** Status, recipients, when it was (or will be) sent. */
function CommunicationState({ record }: { record: CommunicationRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }} data-testid="communication-state">
      <CommunicationStatusChip status={record.status} testId="communication-status" />
      <Typography variant="body2" color="text.secondary" data-testid="recipient-count">
        {translate(t('messages.recipients_count'), { smart_count: record.recipientCount })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {record.sentAt ? `${translate(f('sentAt'))}: ${formatDateTime(record.sentAt, locale)}` : `${translate(f('scheduledAt'))}: ${formatDateTime(record.scheduledAt, locale)}`}
      </Typography>
    </Stack>
  );
}

/** The communication as written, for one that is sending (or staff who may not change it). */
function CommunicationView({ record }: { record: CommunicationRecord }) {
  const translate = useTranslate();
  const ids = record.recipients ?? [];
  const { data: students = [] } = useGetMany('students', { ids }, { enabled: ids.length > 0 });
  const criteria = Object.entries(record.searchFilter ?? {});
  return (
    <Box data-testid="communication-view">
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        <InfoRow label={f('type')}>{translate(`enums.CommunicationKind.${record.type}`, { _: record.type })}</InfoRow>
        <InfoRow label={f('category')}>{translate(`enums.CommunicationCategory.${record.category}`, { _: record.category })}</InfoRow>
        <InfoRow label={f('recipientType')}>{translate(`enums.RecipientType.${record.recipientType}`, { _: record.recipientType })}</InfoRow>
        {record.recipientType === 'SPECIFIC' ? <InfoRow label={f('recipients')}>{students.map((s) => studentOptionText(s)).join(', ')}</InfoRow> : null}
        {record.recipientType === 'FILTER' ? (
          <InfoRow label={f('searchFilter')}>
            {criteria.map(([key, value]) => (
              <Box key={key} component="span" sx={{ display: 'block' }}>
                {translate(t(`criteria.${key}`), { _: key })}: {criterionText(key, value, translate)}
              </Box>
            ))}
          </InfoRow>
        ) : null}
        <InfoRow label={f('scheduleType')}>
          {translate(`enums.ScheduleType.${record.scheduleType}`, { _: record.scheduleType })}
          {record.scheduleType === 'FUTURE' ? ` · ${formatDate(record.scheduleDate)} ${formatTime(record.scheduleTime)} (${translate(t('messages.time_zone'))})` : ''}
        </InfoRow>
        {record.communicationTemplate ? <InfoRow label={f('communicationTemplateId')}>{record.communicationTemplate.name}</InfoRow> : null}
        <InfoRow label={f('subject')}>{record.subject}</InfoRow>
        {record.header ? <InfoRow label={f('header')}>{record.header}</InfoRow> : null}
        {record.longMessageBody ? (
          <InfoRow label={f('longMessageBody')}>
            <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
              {record.longMessageBody}
            </Box>
          </InfoRow>
        ) : null}
        {record.shortMessageBody ? <InfoRow label={f('shortMessageBody')}>{record.shortMessageBody}</InfoRow> : null}
        {record.params && Object.keys(record.params).length ? (
          <InfoRow label={f('params')}>
            {Object.entries(record.params).map(([key, value]) => (
              <Box key={key} component="span" translate="no" sx={{ display: 'block', fontFamily: 'monospace' }}>
                {key}: {String(value)}
              </Box>
            ))}
          </InfoRow>
        ) : null}
      </Box>
      <CommunicationPreview draft={toPayload(toFormValues(record))} suggestedStudentId={record.recipients?.[0] ?? null} />
    </Box>
  );
}

/** One communication: its state and two tabs — the message (form while it may change) and its sends. */
export function CommunicationDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'message' | 'intents'>('message');
  const { data: record, isPending } = useGetOne<CommunicationRecord>(COMMUNICATIONS, { id });
  const { canAccess: canWrite = false, isPending: checking } = useCanAccess({ resource: COMMUNICATIONS, action: 'edit' });
  if (isPending || checking || !record) return <LinearProgress />;
  const editable = isEditable(record);
  return (
    <ResourceContextProvider value={COMMUNICATIONS}>
      <CommunicationState record={record} />
      <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="message" label={translate(t('tabs.message'))} data-testid="tab-message" />
        <Tab value="intents" label={translate(t('tabs.intents'))} data-testid="tab-intents" />
      </Tabs>
      {tab === 'message' ? (
        editable && canWrite ? (
          <CommunicationEdit key={record.updatedAt} record={record} />
        ) : (
          <>
            <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="communication-read-only">
              {translate(t(editable ? 'messages.read_only_permission' : 'messages.read_only'))}
            </Alert>
            <CommunicationView record={record} />
          </>
        )
      ) : (
        <CommunicationIntents record={record} />
      )}
      <LastChanged record={record} />
    </ResourceContextProvider>
  );
}

function CommunicationAdd() {
  const translate = useTranslate();
  const { canAccess: canCreate = false, isPending } = useCanAccess({ resource: COMMUNICATIONS, action: 'create' });
  if (isPending) return <LinearProgress />;
  if (!canCreate) {
    return (
      <Alert severity="info" variant="outlined" data-testid="communication-read-only">
        {translate(t('messages.read_only_permission'))}
      </Alert>
    );
  }
  return (
    <ResourceContextProvider value={COMMUNICATIONS}>
      <CommunicationCreate />
    </ResourceContextProvider>
  );
}

function CommunicationTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const isCreate = id === 'create';
  const { data } = useGetOne<CommunicationRecord>(COMMUNICATIONS, { id }, { enabled: !isCreate });
  if (isCreate) return <>{translate(t('messages.new_title'))}</>;
  return <span data-testid="drawer-title">{data?.subject ?? `#${id}`}</span>;
}

/** The drawer over the list on /communications/:id (`create` included), with 'Copy direct link'. */
export function CommunicationDrawer() {
  return (
    <RecordDrawer basePath={`/${COMMUNICATIONS}`} title={(id) => <CommunicationTitle id={id} />}>
      {(id) => (id === 'create' ? <CommunicationAdd /> : <CommunicationDetail key={id} id={id} />)}
    </RecordDrawer>
  );
}
