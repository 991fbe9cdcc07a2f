import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, DataTable, FilterLiveSearch, List, TopToolbar, useListContext, useNotify, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { criteriaOf } from '../../common/ListFilters';
import { formatMoney } from '../../common/money';
import { useServerRefusal } from '../../common/useServerRefusal';
import { saveFile } from '../../common/saveFile';
import { usePlanApi } from '../../common/planApi';
import { PlanDrawer } from './PlanDrawer';
import { PlanFilterAside, usePlanFilterDescriptors } from './planFilters';
import { FinancialStatusChip, PlanStatusChip } from '../../common/PlanChips';
import { PAYMENT_INFORMATION, planStudentName, type PlanRecord, type PlanResource } from '../../common/planRecord';
import { NoResults } from '../../common/NoResults';

const f = (key: string) => `resources.payment-information.fields.${key}`;

const one = (v: unknown): string | undefined => (Array.isArray(v) && v.length === 1 ? String(v[0]) : undefined);

/**
 * GET /payment_plans/export takes one status, one financial status and the migrated flag: the
 * list's criteria give them when they name exactly one (several statuses export every plan).
 */
export function exportQuery(filterValues: Record<string, unknown> | undefined, migratedFixed: boolean) {
  const criteria = criteriaOf(filterValues);
  const query: { status?: string; financialStatus?: string; migrated?: boolean } = {};
  const status = one(criteria.statuses);
  const financialStatus = one(criteria.financialStatuses);
  if (status) query.status = status;
  if (financialStatus) query.financialStatus = financialStatus;
  if (migratedFixed) query.migrated = true;
  else if (typeof criteria.migrated === 'boolean') query.migrated = criteria.migrated;
  return query;
}

/** 'Export plans' (CSV of the plans) and 'Financial status CSV' (the report of the list's criteria). */
function ExportButtons({ migratedFixed }: { migratedFixed: boolean }) {
  const api = usePlanApi();
  const notify = useNotify();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { filterValues } = useListContext();
  const [pending, setPending] = useState(false);

  async function run(kind: 'plans' | 'financial') {
    setPending(true);
    try {
      const criteria = { ...criteriaOf(filterValues), ...(migratedFixed ? { migrated: true } : {}) };
      const blob = kind === 'plans' ? await api.exportPlans(exportQuery(filterValues, migratedFixed)) : await api.financialStatusCsv(criteria);
      saveFile(blob, kind === 'plans' ? 'payment-plans.csv' : 'financial-status.csv');
      notify('resources.payment-information.list.exported', { type: 'info' });
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button label="resources.payment-information.list.export" disabled={pending} onClick={() => run('plans')} data-testid="export-plans">
        <DownloadIcon />
      </Button>
      <Button label="resources.payment-information.list.financial_status_csv" disabled={pending} onClick={() => run('financial')} data-testid="financial-status-csv">
        <DownloadIcon />
      </Button>
    </>
  );
}

function PlanListActions({ migratedFixed }: { migratedFixed: boolean }) {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="resources.payment-information.filters.search" placeholder="" sx={{ minWidth: 260 }} />
      <ExportButtons migratedFixed={migratedFixed} />
    </TopToolbar>
  );
}

function StudentCell({ record }: { record: PlanRecord }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="body2">{planStudentName(record)}</Typography>
      {record.student?.email ? (
        <Typography variant="caption" color="text.secondary">
          {record.student.email}
        </Typography>
      ) : null}
    </Box>
  );
}

function PlanListBody({ resource }: { resource: PlanResource }) {
  const { search } = useLocation();
  const descriptors = usePlanFilterDescriptors();
  const nowrap = (text: string) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {text}
    </Box>
  );
  return (
    <>
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<PlanRecord> empty={<NoResults />} rowClick={(id) => `/${resource}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="student" label={f('student')} disableSort render={(record) => <StudentCell record={record as PlanRecord} />} />
          <DataTable.Col source="programName" label={f('program')} disableSort />
          <DataTable.Col source="name" label={f('plan')} disableSort />
          <DataTable.Col source="status" label={f('status')} render={(record) => <PlanStatusChip status={(record as PlanRecord).status} testId={`plan-status-${record.id}`} />} />
          <DataTable.Col
            source="financialStatus"
            label={f('financialStatus')}
            render={(record) => <FinancialStatusChip status={(record as PlanRecord).financialStatus} testId={`financial-status-${record.id}`} />}
          />
          <DataTable.Col source="daysOverdue" label={f('daysOverdue')} align="right" />
          <DataTable.Col source="balance" label={f('balance')} align="right" render={(record) => nowrap(formatMoney(record.balance))} />
          <DataTable.Col source="nextDueDate" label={f('nextDueDate')} render={(record) => nowrap(formatDate(record.nextDueDate))} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * The students' payment plans (back-office spec §2 /payment-information/:id?, /migrated-payment-plans/:id?):
 * keyword search (plain list) or the criteria (find_by_criteria) in the aside, as chips; newest first,
 * 10 a page; 'Export plans' and 'Financial status CSV'. A row opens the plan detail drawer on
 * /{resource}/{id}. The migrated variant has `migrated: true` fixed (a permanent filter: no chip,
 * always sent).
 */
export function PlanList({ resource = PAYMENT_INFORMATION, migrated = false }: { resource?: PlanResource; migrated?: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <List
        resource={resource}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        filter={migrated ? { migrated: true } : undefined}
        actions={<PlanListActions migratedFixed={migrated} />}
        aside={<PlanFilterAside migratedFixed={migrated} />}
        empty={false}
        title={translate(`resources.${resource}.name`, { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <PlanListBody resource={resource} />
      </List>
      <PlanDrawer resource={resource} />
    </>
  );
}

export default PlanList;
