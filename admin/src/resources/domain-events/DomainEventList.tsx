import { useState } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, DataTable, List, SelectInput, useCanAccess, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { NoResults } from '../../common/NoResults';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { DOMAIN_EVENTS, domainEventApi, domainEventStatusColor, type DomainEventRecord, type DomainEventStatusValue } from './domainEventRecord';

const t = (key: string) => `resources.domain-events.${key}`;

function StatusChip({ record }: { record: DomainEventRecord }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={domainEventStatusColor[record.status as DomainEventStatusValue] ?? 'default'}
      label={translate(`enums.DomainEventStatus.${record.status}`, { _: record.status })}
      data-testid={`domain-event-status-${record.id}`}
    />
  );
}

/** The row's 'Send again' (domain_events:retry, FAILED rows only): POST /domain_events/{id}/retry, then says what came of it. */
export function DomainEventRetry({ record }: { record: DomainEventRecord }) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess = false } = useCanAccess({ resource: DOMAIN_EVENTS, action: 'retry' });
  const [pending, setPending] = useState(false);
  if (!canAccess || record.status !== 'FAILED') return null;
  async function retry() {
    setPending(true);
    try {
      const after = await domainEventApi(dataProvider).retry(record.id);
      notify(t(after?.status === 'DONE' ? 'retry.done' : 'retry.pending'), { type: after?.status === 'DONE' ? 'success' : 'warning' });
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
      refresh();
    }
  }
  return (
    <Button
      label={t('retry.action')}
      size="small"
      disabled={pending}
      onClick={(event) => {
        event.stopPropagation();
        void retry();
      }}
      data-testid={`retry-domain-event-${record.id}`}
    >
      <ReplayIcon />
    </Button>
  );
}

function DomainEventFilters() {
  const statuses = useEnumChoices('DomainEventStatus');
  const types = useEnumChoices('DomainEventType');
  return [
    <SelectInput key="status" source="status" label={t('filters.status')} choices={statuses} alwaysOn data-testid="filter-status" />,
    <SelectInput key="type" source="type" label={t('filters.type')} choices={types} alwaysOn data-testid="filter-type" />,
  ];
}

function DomainEventListBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }} data-testid="domain-events-intro">
        {translate(t('messages.intro'))}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<DomainEventRecord> empty={<NoResults />} rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="id" label={t('fields.id')} disableSort />
          <DataTable.Col source="createdAt" label={t('fields.createdAt')} disableSort render={(record) => formatDateTime(record.createdAt, locale)} />
          <DataTable.Col source="type" label={t('fields.type')} disableSort render={(record) => translate(`enums.DomainEventType.${record.type}`, { _: record.type })} />
          <DataTable.Col
            source="handler"
            label={t('fields.handler')}
            disableSort
            render={(record) => translate(`enums.DomainEventHandler.${record.handler}`, { _: record.handler })}
          />
          <DataTable.Col source="status" label={t('fields.status')} disableSort render={(record) => <StatusChip record={record as DomainEventRecord} />} />
          <DataTable.Col source="attempts" label={t('fields.attempts')} align="right" disableSort />
          <DataTable.Col
            source="nextAttemptAt"
            label={t('fields.nextAttemptAt')}
            disableSort
            render={(record) => (record.status === 'PENDING' ? formatDateTime(record.nextAttemptAt, locale) : '')}
          />
          <DataTable.Col
            source="lastError"
            label={t('fields.lastError')}
            disableSort
            // The handler's own error text, as it was recorded: data, not the console's words.
            render={(record) =>
              record.lastError ? (
                <span translate="no" data-testid={`domain-event-error-${record.id}`}>
                  {record.lastError}
                </span>
              ) : (
                ''
              )
            }
          />
          <DataTable.Col source="actions" label={t('fields.actions')} disableSort render={(record) => <DomainEventRetry record={record as DomainEventRecord} />} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /domain-events — every delivery of a domain event to a handler, newest first, 10 a page
 * (GET /domain_events?status&type); a FAILED one can be sent again.
 */
export function DomainEventList() {
  const translate = useTranslate();
  return (
    <List
      resource={DOMAIN_EVENTS}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={10}
      filters={DomainEventFilters()}
      empty={false}
      title={translate(t('name'), { smart_count: 2 })}
      sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
    >
      <DomainEventListBody />
    </List>
  );
}

export default DomainEventList;
