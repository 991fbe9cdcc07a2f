import { Box, Typography } from '@mui/material';
import { DataTable, FilterLiveSearch, List, TopToolbar, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { formatMoney } from '../../common/money';
import { ExportButton } from '../../common/downloads/ExportButton';
import { PlanDrawer } from './PlanDrawer';
import { PlanFilterAside, usePlanFilterDescriptors } from './planFilters';
import { FinancialStatusChip, PlanStatusChip } from '../../common/PlanChips';
import { PAYMENT_INFORMATION, planStudentName, type PlanRecord, type PlanResource } from '../../common/planRecord';
import { NoResults } from '../../common/NoResults';

const f = (key: string) => `resources.payment-information.fields.${key}`;

/**
 * 'Export plans' (the plans CSV; the migrated list's own kind) and 'Financial status CSV' (the
 * collections report) of the list's criteria and keyword: exports run on the server and appear in
 * Downloads (issue 20).
 */
function ExportButtons({ migratedFixed }: { migratedFixed: boolean }) {
  const fixed = migratedFixed ? { migrated: true } : undefined;
  return (
    <>
      <ExportButton
        kind={migratedFixed ? 'migrated_payment_plans_csv' : 'payment_plans_csv'}
        permission="payment_plans:read"
        fixed={fixed}
        label="resources.payment-information.list.export"
      />
      <ExportButton kind="collections_csv" permission="payment_plans:read" fixed={fixed} label="resources.payment-information.list.financial_status_csv" />
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
        exporter={false}
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
