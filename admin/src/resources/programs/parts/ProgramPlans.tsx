import { useState } from 'react';
import { Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, ListBase, useListContext, useRefresh, useTranslate } from 'react-admin';
import { EnumField } from '../../../common/enums';
import { formatMoney, MoneyField } from '../../../common/money';
import { DrawerFrame } from '../../../common/RecordDrawer';
import { scheduleShows } from '../../../common/businessCategoryRecord';
import { InfoRow, InfoSection } from '../../../common/InfoSection';
import type { ProgramRecord } from '../programRecord';
import { NestedRecordEditor } from '../../../common/NestedRecordEditor';
import { LastChanged } from '../../../common/LastChanged';
import { DeletePartButton, pt, TabHeader, usePartAccess } from './PartsCommon';
import { ProgramPlanInputs } from './ProgramPlanInputs';
import { linesTotal, NEW_PROGRAM_PLAN, PARTS_PAGE, plansResource, toProgramPlanPayload, type ProgramPlanRecord } from './partsRecord';

const f = (key: string) => pt(`plans.fields.${key}`);
const transform = (data: ProgramPlanRecord) => toProgramPlanPayload(data) as unknown as ProgramPlanRecord;

/** The program's business category in the console's language ('HCTP', 'Egresados de HCTP'). */
function useCategoryName(program: ProgramRecord) {
  const translate = useTranslate();
  const name = program.businessCategory?.name;
  return name ? translate(`enums.BusinessCategoryName.${name}`, { _: name }) : '';
}

/**
 * Add (POST) or edit (PUT) one program plan, pessimistically. The payload is exactly the plan's
 * fields (PAY_IN_FULL forced to FIXED_TERMS over 1 term, lines with an accounting line chosen); a 409
 * (a line of another business category, an archived program) is notified with the server's message.
 */
function PlanEditor({ program, planId, canDelete, onDone }: { program: ProgramRecord; planId: ProgramPlanRecord['id'] | 'create'; canDelete: boolean; onDone: () => void }) {
  const categoryName = useCategoryName(program);
  const resource = plansResource(program.id);
  return (
    <NestedRecordEditor<ProgramPlanRecord>
      resource={resource}
      id={planId}
      transform={transform}
      defaultValues={NEW_PROGRAM_PLAN}
      inputs={<ProgramPlanInputs categoryId={program.businessCategoryId} categoryName={categoryName} />}
      createdMessage={pt('plans.notifications.created')}
      savedMessage={pt('plans.notifications.saved')}
      onDone={onDone}
      plainToolbar
      deleteButton={(record) => (canDelete ? <DeletePartButton part="plans" resource={resource} record={record} name={record.name} testId="delete-plan" onDone={onDone} /> : null)}
      footer={(record) => <LastChanged record={record} />}
    />
  );
}

const terms = (value: number | null | undefined, translate: (k: string, o?: object) => string) =>
  value === null || value === undefined ? '' : translate(pt('plans.messages.terms'), { smart_count: value });

/** A plan for staff who may read but not change it (or on an archived program). */
function PlanView({ plan }: { plan: ProgramPlanRecord }) {
  const translate = useTranslate();
  const enumText = (name: string, value: string | null) => (value ? translate(`enums.${name}.${value}`, { _: value }) : '');
  const percent = (v: number | null) => (v === null || v === undefined ? '' : `${v}%`);
  return (
    <Box data-testid="plan-view">
      <InfoSection title={pt('plans.sections.plan')}>
        <InfoRow label={f('name')}>{plan.name}</InfoRow>
        <InfoRow label={f('isDefault')}>{translate(plan.isDefault ? 'app.yes' : 'app.no')}</InfoRow>
        <InfoRow label={f('paymentPlanType')}>{enumText('PaymentPlanType', plan.paymentPlanType)}</InfoRow>
        <InfoRow label={f('shortDescription')}>{plan.shortDescription}</InfoRow>
        <InfoRow label={f('longDescription')}>{plan.longDescription}</InfoRow>
      </InfoSection>
      <InfoSection title={pt('plans.sections.schedule')}>
        <InfoRow label={f('paymentScheduleType')}>{enumText('PaymentScheduleType', plan.paymentScheduleType)}</InfoRow>
        <InfoRow label={f('totalTerm')}>{terms(plan.totalTerm, translate)}</InfoRow>
        {scheduleShows('installmentAmount', plan) ? <InfoRow label={f('installmentAmount')}>{formatMoney(plan.installmentAmount)}</InfoRow> : null}
        {scheduleShows('principalAmount', plan) ? <InfoRow label={f('principalAmount')}>{formatMoney(plan.principalAmount)}</InfoRow> : null}
        <InfoRow label={f('amortizeTerm')}>{terms(plan.amortizeTerm, translate)}</InfoRow>
      </InfoSection>
      <InfoSection title={pt('plans.sections.amounts')}>
        <InfoRow label={f('tuitionPrice')}>{formatMoney(plan.tuitionPrice)}</InfoRow>
        <InfoRow label={f('depositAmount')}>{formatMoney(plan.depositAmount)}</InfoRow>
        <InfoRow label={f('interestRate')}>{percent(plan.interestRate)}</InfoRow>
        <InfoRow label={f('annualPercentageRate')}>{percent(plan.annualPercentageRate)}</InfoRow>
      </InfoSection>
      <InfoSection title={pt('plans.sections.lines')}>
        {plan.accountingLines.map((line) => (
          <InfoRow key={line.accountingLineId} label={line.description ?? String(line.accountingLineId)}>
            {`${formatMoney(line.amount)} · ${enumText('AdjustmentType', line.type ?? null)}`}
          </InfoRow>
        ))}
        <InfoRow label={f('linesTotal')}>{formatMoney(linesTotal(plan.accountingLines))}</InfoRow>
      </InfoSection>
      <LastChanged record={plan} />
    </Box>
  );
}

function PlanName({ plan }: { plan: ProgramPlanRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <span>{plan.name}</span>
      {plan.isDefault ? <Chip size="small" color="primary" variant="outlined" label={translate(pt('plans.messages.default_chip'))} data-testid={`default-${plan.id}`} /> : null}
    </Stack>
  );
}

function PlansTable({ onOpen }: { onOpen: (plan: ProgramPlanRecord) => void }) {
  const translate = useTranslate();
  const { isPending } = useListContext<ProgramPlanRecord>();
  if (isPending) return <LinearProgress />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <DataTable<ProgramPlanRecord>
        rowClick={(_id, _resource, record) => {
          onOpen(record as ProgramPlanRecord);
          return false;
        }}
        bulkActionButtons={false}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="plans-empty">
            {translate(pt('plans.empty'))}
          </Typography>
        }
      >
        <DataTable.Col source="name" label={f('name')} render={(record) => <PlanName plan={record as ProgramPlanRecord} />} />
        <DataTable.Col source="paymentPlanType" label={f('paymentPlanType')}>
          <EnumField enumName="PaymentPlanType" source="paymentPlanType" />
        </DataTable.Col>
        <DataTable.Col source="totalTerm" label={f('totalTerm')} disableSort align="right" render={(record) => terms(record.totalTerm, translate)} />
        <DataTable.Col source="tuitionPrice" label={f('tuitionPrice')} disableSort align="right">
          <MoneyField source="tuitionPrice" />
        </DataTable.Col>
        <DataTable.Col
          source="accountingLines"
          label={f('linesTotal')}
          disableSort
          align="right"
          render={(record) => formatMoney(linesTotal((record as ProgramPlanRecord).accountingLines))}
        />
      </DataTable>
    </Box>
  );
}

/**
 * The payment plans tab: GET /programs/{id}/payment_plans (100 by id); 'Add payment plan' with
 * programs:create; a row opens its drawer — the form with programs:update (delete with
 * programs:delete), the plan's details otherwise. The default plan carries a 'Default' chip.
 */
export function ProgramPlans({ program }: { program: ProgramRecord }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const access = usePartAccess(program);
  const [open, setOpen] = useState<ProgramPlanRecord | 'create' | null>(null);
  const close = () => {
    setOpen(null);
    // Saving a default plan changed the others' flags too.
    refresh();
  };
  const title = open === 'create' ? translate(pt('plans.titles.new')) : open ? open.name : null;
  return (
    <Box data-testid="program-plans">
      <ListBase<ProgramPlanRecord> resource={plansResource(program.id)} perPage={PARTS_PAGE} sort={{ field: 'id', order: 'ASC' }} disableSyncWithLocation disableAuthentication>
        <TabHeader
          program={program}
          caption={pt('plans.title')}
          action={
            access.canCreate ? (
              <Button label={pt('plans.actions.add')} variant="outlined" onClick={() => setOpen('create')} data-testid="add-plan">
                <AddIcon />
              </Button>
            ) : null
          }
        />
        <PlansTable onOpen={setOpen} />
      </ListBase>
      <DrawerFrame open={open !== null} onClose={() => setOpen(null)} title={title}>
        {open === 'create' ? <PlanEditor program={program} planId="create" canDelete={false} onDone={close} /> : null}
        {open && open !== 'create' ? (
          access.canEdit ? (
            <PlanEditor program={program} planId={open.id} canDelete={access.canDelete} onDone={close} />
          ) : (
            <PlanView plan={open} />
          )
        ) : null}
      </DrawerFrame>
    </Box>
  );
}

export default ProgramPlans;
