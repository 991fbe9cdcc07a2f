import { Box, Chip, Link, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatDateTime } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { ApplicationStatusActions } from './ApplicationStatusActions';
import { ApplicationDocument } from './ApplicationDocument';
import { ApplicationMoveActions } from './ApplicationMoveActions';
import { ApplicationStatusChip } from '../../common/ApplicationStatusChip';
import { studentName, type ApplicationRecord } from '../../common/applicationRecord';
import { useOpenStudentDrawer } from './useOpenStudentDrawer';
import { useActorName } from '../../common/actorName';

const f = (key: string) => `resources.enrollments.fields.${key}`;
const s = (key: string) => `resources.enrollments.sections.${key}`;

/** '50% off' or '$250.00 off'. */
export function discountText(voucher: { discountKind: string; discountValue: number } | null | undefined, translate: (key: string, options?: object) => string): string {
  if (!voucher) return '';
  return voucher.discountKind === 'PERCENT_OFF'
    ? translate('resources.enrollments.messages.percent_off', { value: voucher.discountValue })
    : translate('resources.enrollments.messages.amount_off', { amount: formatMoney(voucher.discountValue) });
}

/** 'Visa •••• 4242, 12/28'. */
export function cardText(method: ApplicationRecord['paymentMethod']): string {
  if (!method) return '';
  const expiry = method.expMonth && method.expYear ? `, ${String(method.expMonth).padStart(2, '0')}/${String(method.expYear).slice(-2)}` : '';
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : '';
  return `${brand} •••• ${method.last4 ?? '????'}${expiry}`.trim();
}

/** The steps of the application's flow, each with its completion (and whether the flow requires it). */
function FlowSteps({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record.steps?.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.enrollments.messages.no_steps')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding sx={{ mb: 2 }} data-testid="flow-steps">
      {record.steps.map((step) => (
        <ListItem key={step.step} disableGutters data-testid={`step-${step.step}`}>
          <ListItemIcon sx={{ minWidth: 32 }}>
            {step.completed ? <CheckCircleIcon fontSize="small" color="success" /> : <RadioButtonUncheckedIcon fontSize="small" color="disabled" />}
          </ListItemIcon>
          <ListItemText
            primary={translate(`enums.EnrollmentFlowStep.${step.step}`, { _: step.step })}
            secondary={
              step.completed
                ? translate('resources.enrollments.messages.step_completed', { date: formatDateTime(step.completedAt, locale) })
                : translate(`resources.enrollments.messages.${step.required ? 'step_required' : 'step_optional'}`)
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The overview tab: the status and its actions, the student (the name opens the student drawer,
 * closing this one), product and classes, the plan, voucher and card, the flow's steps, and the
 * application's own details.
 */
export function ApplicationOverview({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const actorName = useActorName();
  const [locale] = useLocaleState();
  const openStudent = useOpenStudentDrawer();
  const plan = record.paymentPlan;
  const yesNo = (v: boolean | null | undefined) => translate(v ? 'app.yes' : 'app.no');
  return (
    <Box data-testid="application-overview">
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <ApplicationStatusChip status={record.status} testId="application-status" />
        {record.flowType ? <Chip size="small" variant="outlined" label={translate(`enums.ProductFlowType.${record.flowType}`, { _: record.flowType })} /> : null}
        {record.migrated ? <Chip size="small" variant="outlined" color="secondary" label={translate('resources.enrollments.variants.migrated')} /> : null}
      </Stack>
      <ApplicationStatusActions record={record} />
      <ApplicationMoveActions record={record} />

      <InfoSection title={s('student')}>
        <InfoRow label={f('student')}>
          {record.student ? (
            <Link component="button" type="button" variant="body2" onClick={() => record.student && openStudent(record.student.id)} data-testid="open-student">
              {studentName(record.student)}
            </Link>
          ) : null}
        </InfoRow>
        <InfoRow label={f('email')}>{record.student?.email}</InfoRow>
        <InfoRow label={f('mobilePhone')}>{record.student?.mobilePhone}</InfoRow>
        <InfoRow label={f('location')}>{[record.student?.city, record.student?.stateCode, record.student?.countryCode].filter(Boolean).join(', ')}</InfoRow>
      </InfoSection>

      <InfoSection title={s('product')}>
        <InfoRow label={f('product')}>{record.product?.name}</InfoRow>
        <InfoRow label={f('cost')}>{formatMoney(record.product?.cost)}</InfoRow>
        <InfoRow label={f('classes')} testId="application-classes">
          {record.applicationCohorts?.length ? (
            <Box component="span" sx={{ display: 'block' }}>
              {record.applicationCohorts.map((c) => (
                <Box component="span" key={c.id} sx={{ display: 'block' }}>
                  {c.programName ? `${c.programName}: ` : ''}
                  {c.cohortLabel ?? `#${c.cohortId}`}
                </Box>
              ))}
            </Box>
          ) : (
            translate('resources.enrollments.messages.no_classes')
          )}
        </InfoRow>
        {record.enrollments?.length ? (
          <InfoRow label={f('enrollments')} testId="application-enrollments">
            {record.enrollments.map((e) => `${e.cohortLabel ?? `#${e.cohortId}`} (${translate(`enums.EnrollmentStatus.${e.status}`, { _: e.status })})`).join('; ')}
          </InfoRow>
        ) : null}
      </InfoSection>

      <InfoSection title={s('payment')}>
        <InfoRow label={f('paymentPlan')} testId="application-plan">
          {plan
            ? translate('resources.enrollments.messages.plan_summary', {
                name: plan.name,
                total: formatMoney(plan.totalToBePaid),
                paid: formatMoney(plan.totalPaid),
                balance: formatMoney(plan.balance),
              })
            : record.productPaymentPlan?.name
              ? translate('resources.enrollments.messages.plan_chosen', { name: record.productPaymentPlan.name })
              : null}
        </InfoRow>
        {plan?.initialPayment ? <InfoRow label={f('initialPayment')}>{formatMoney(plan.initialPayment)}</InfoRow> : null}
        {plan?.installmentsCount ? (
          <InfoRow label={f('installments')}>
            {translate('resources.enrollments.messages.installments', { smart_count: plan.installmentsCount, amount: formatMoney(plan.installmentAmount) })}
          </InfoRow>
        ) : null}
        <InfoRow label={f('voucher')} testId="application-voucher">
          {record.voucher ? `${record.voucher.code} · ${discountText(record.voucher, translate)} (−${formatMoney(record.voucherDiscount)})` : null}
        </InfoRow>
        <InfoRow label={f('paymentMethod')} testId="application-card">
          {cardText(record.paymentMethod)}
        </InfoRow>
        <InfoRow label={f('autoPay')}>{yesNo(record.autoPay)}</InfoRow>
        <InfoRow label={f('financialStatus')}>
          {record.financialStatus ? translate(`enums.FinancialStatus.${record.financialStatus}`, { _: String(record.financialStatus) }) : null}
        </InfoRow>
        {record.daysOverdue ? <InfoRow label={f('daysOverdue')}>{record.daysOverdue}</InfoRow> : null}
        {record.refunded ? <InfoRow label={f('refunded')}>{formatMoney(record.refunded)}</InfoRow> : null}
      </InfoSection>

      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(s('flow'))}
      </Typography>
      <FlowSteps record={record} />

      <InfoSection title={s('details')}>
        <InfoRow label={f('id')}>{record.id}</InfoRow>
        <InfoRow label={f('source')}>{record.source ? translate(`enums.ApplicationSource.${record.source}`, { _: record.source }) : null}</InfoRow>
        <InfoRow label={f('opportunityId')}>{record.opportunityId}</InfoRow>
        <InfoRow label={f('document')}>
          <ApplicationDocument record={record} />
        </InfoRow>
        <InfoRow label={f('createdAt')}>{formatDateTime(record.createdAt, locale)}</InfoRow>
        <InfoRow label={f('appliedAt')}>{formatDate(record.appliedAt)}</InfoRow>
        <InfoRow label={f('enrolledAt')}>{formatDate(record.enrolledAt)}</InfoRow>
        <InfoRow label={f('statusChangedAt')}>{formatDateTime(record.statusChangedAt, locale)}</InfoRow>
        <InfoRow label={f('updatedAt')} testId="application-updated">
          {record.updatedBy?.name
            ? translate('resources.enrollments.messages.updated', { date: formatDateTime(record.updatedAt, locale), name: actorName(record.updatedBy) })
            : formatDateTime(record.updatedAt, locale)}
        </InfoRow>
      </InfoSection>
    </Box>
  );
}
