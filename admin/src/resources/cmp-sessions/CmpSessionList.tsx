import { useState } from 'react';
import { Box, Chip } from '@mui/material';
import { Confirm, DataTable, FilterLiveSearch, List, SelectInput, TopToolbar, useCanAccess, useLocaleState, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import { FilterAside } from '../../common/ListFilters';
import { filterInputProps, personName } from '../../common/billingShared';
import { useEnumChoices } from '../../common/enums';
import { NoResults } from '../../common/NoResults';
import { TextButton } from '../../common/TextButton';
import { useServerRefusal } from '../../common/useServerRefusal';
import { apiPath } from '../../providers/dataProvider';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import type { SignUpAnswer } from '../../../../domain/contract/coach-products';

export const CMP_SESSIONS = 'cmp-sessions';
export type CmpSessionRecord = Omit<SignUpAnswer, 'id'> & RaRecord;

const t = (key: string) => `resources.cmp-sessions.${key}`;
const statusColor: Record<CmpSessionRecord['status'], 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  PENDING_PAYMENT: 'warning',
  ACTIVE: 'success',
  COMPLETED: 'info',
  PAYMENT_FAILED: 'error',
  CANCELLED: 'default',
};

function Aside() {
  const statuses = useEnumChoices('CoachProductSignUpStatus');
  const types = useEnumChoices('CoachProductType');
  return (
    <FilterAside title={t('filters.title')}>
      <SelectInput source="status" label={t('filters.status')} choices={statuses} {...filterInputProps} />
      <SelectInput source="coachProductType" label={t('filters.coachProductType')} choices={types} {...filterInputProps} />
    </FilterAside>
  );
}

/** Records one more session held (ACTIVE sign-ups with sessions left; coaches:update). */
function SessionButton({ record }: { record: CmpSessionRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const onError = useServerRefusal({ keepFieldErrors: false });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { canAccess = false } = useCanAccess({ resource: CMP_SESSIONS, action: 'session' });
  if (!canAccess || record.status !== 'ACTIVE' || record.sessionsLeft <= 0) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.request({ method: 'POST', path: `/${apiPath(CMP_SESSIONS)}/${encodeURIComponent(String(record.id))}/sessions`, body: {} });
      notify(t('notifications.session_recorded'), { type: 'success' });
      refresh();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <TextButton label={t('actions.session')} onClick={() => setOpen(true)} disabled={busy} data-testid={`cmp-session-${record.id}`} />
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate(t('actions.session_title'), { id: record.id })}
        content={translate(t('actions.session_content'), {
          number: record.sessionsUsed + 1,
          total: record.sessionsTotal,
          product: record.productName,
          customer: personName(record.customer),
        })}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * /cmp-sessions — customers signed up for coaches' products (issue 21): sessions bought and held, the
 * status; keyword or the criteria (status, product type); a session held is recorded from the row.
 */
export function CmpSessionList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List
      resource={CMP_SESSIONS}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={10}
      actions={
        <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FilterLiveSearch source="q" label={t('filters.search')} placeholder="" sx={{ minWidth: 260 }} />
        </TopToolbar>
      }
      aside={<Aside />}
      empty={false}
      title={translate(t('name'), { smart_count: 2 })}
      sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
    >
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<CmpSessionRecord> empty={<NoResults />} bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="id" label={t('fields.id')} />
          <DataTable.Col source="createdAt" label={t('fields.createdAt')} render={(r) => formatDateTime(r.createdAt, locale)} />
          <DataTable.Col source="coach" label={t('fields.coach')} disableSort render={(r) => r.coach?.name ?? ''} />
          <DataTable.Col source="customer" label={t('fields.customer')} disableSort render={(r) => personName(r.customer) || `#${r.customerId}`} />
          <DataTable.Col source="productName" label={t('fields.product')} disableSort />
          <DataTable.Col source="productType" label={t('fields.type')} disableSort render={(r) => translate(`enums.CoachProductType.${r.productType}`, { _: r.productType })} />
          <DataTable.Col source="sessionsUsed" label={t('fields.sessions')} disableSort align="right" render={(r) => `${r.sessionsUsed} / ${r.sessionsTotal}`} />
          <DataTable.Col source="lastSessionAt" label={t('fields.lastSessionAt')} disableSort render={(r) => (r.lastSessionAt ? formatDateTime(r.lastSessionAt, locale) : '')} />
          <DataTable.Col
            source="status"
            label={t('fields.status')}
            render={(r) => (
              <Chip size="small" color={statusColor[(r as CmpSessionRecord).status]} label={translate(`enums.CoachProductSignUpStatus.${r.status}`, { _: r.status })} />
            )}
          />
          <DataTable.Col source="actions" label={t('fields.actions')} disableSort render={(r) => <SessionButton record={r as CmpSessionRecord} />} />
        </DataTable>
      </Box>
    </List>
  );
}

export default CmpSessionList;
