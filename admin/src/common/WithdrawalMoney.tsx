import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from './dates';
import { InfoRow, InfoSection } from './InfoSection';
import { formatMoney } from './money';
import { ScheduleTable } from './TransferMoney';
import type { WithdrawalPreview } from './withdrawalRecord';

const m = (key: string) => `resources.withdrawals.money.${key}`;

/** Each class of the application: left or staying, its dates, the percent of it owed and what that comes to. */
export function WithdrawalCourses({ courses }: { courses: WithdrawalPreview['courses'] }) {
  const translate = useTranslate();
  if (!courses.length) return null;
  return (
    <Box sx={{ mb: 2, overflowX: 'auto' }} data-testid="withdrawal-courses">
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(m('courses'))}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate(m('course.label'))}</TableCell>
            <TableCell>{translate(m('course.dates'))}</TableCell>
            <TableCell>{translate(m('course.withdrawn'))}</TableCell>
            <TableCell align="right">{translate(m('course.percent'))}</TableCell>
            <TableCell align="right">{translate(m('course.tuitionResponsibility'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {courses.map((c) => (
            <TableRow key={c.cohortId} data-testid={`withdrawal-course-${c.cohortId}`}>
              <TableCell>{c.label ?? `#${c.cohortId}`}</TableCell>
              <TableCell>{[formatDate(c.startDate), formatDate(c.endDate)].filter(Boolean).join(' – ')}</TableCell>
              <TableCell>{translate(m(c.withdrawn ? 'course.leaves' : c.percent === null ? 'course.left_before' : 'course.stays'))}</TableCell>
              <TableCell align="right">{c.percent === null ? '—' : `${c.percent}%`}</TableCell>
              <TableCell align="right">{c.tuitionResponsibility === null ? '—' : formatMoney(c.tuitionResponsibility)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The money a withdrawal moves, as the engine computes it (POST /withdrawals/{kind}/preview): what was
 * paid and charged, the tuition the student is responsible for (only the registration fee within the
 * cancellation window), the reduction of the plan, the refund and its tax, what is left owed and
 * reissued as a WITHDRAWAL plan (with its schedule), and each class's percent.
 */
export function WithdrawalPreviewFigures({ preview }: { preview: WithdrawalPreview }) {
  const translate = useTranslate();
  return (
    <Box data-testid="withdrawal-preview">
      {preview.cancellation ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="withdrawal-preview-cancellation">
          {translate(m('cancellation'), { days: preview.settings.cancellationDays })}
        </Alert>
      ) : null}
      <InfoSection title={m('title')}>
        <InfoRow label={m('applicationStatus')} testId="withdrawal-preview-status">
          {translate(`enums.ApplicationStatus.${preview.applicationStatus}`, { _: preview.applicationStatus })}
        </InfoRow>
        <InfoRow label={m('withdrawalDate')}>{formatDate(preview.withdrawalDate)}</InfoRow>
        <InfoRow label={m('paid')} testId="withdrawal-preview-paid">
          {formatMoney(preview.paid)}
        </InfoRow>
        <InfoRow label={m('charges')}>{formatMoney(preview.charges)}</InfoRow>
        <InfoRow label={m('tuitionResponsibility')} testId="withdrawal-preview-responsibility">
          {formatMoney(preview.tuitionResponsibility)}
        </InfoRow>
        <InfoRow label={m('reductionAmount')} testId="withdrawal-preview-reduction">
          {formatMoney(preview.reductionAmount)}
        </InfoRow>
        <InfoRow label={m('amountToBeRefund')} testId="withdrawal-preview-refund">
          {formatMoney(preview.amountToBeRefund)}
        </InfoRow>
        <InfoRow label={m('taxToBeRefund')} testId="withdrawal-preview-tax">
          {formatMoney(preview.taxToBeRefund)}
        </InfoRow>
        <InfoRow label={m('reissuedAmount')} testId="withdrawal-preview-reissued">
          {formatMoney(preview.reissuedAmount)}
        </InfoRow>
        {preview.installmentAmount !== null ? <InfoRow label={m('installmentAmount')}>{formatMoney(preview.installmentAmount)}</InfoRow> : null}
        <InfoRow label={m('settings')}>
          {translate(m('settings_text'), {
            days: preview.settings.cancellationDays,
            step: preview.settings.roundUpToPercent,
            full: preview.settings.fullResponsibilityAtPercent,
          })}
        </InfoRow>
      </InfoSection>
      <WithdrawalCourses courses={preview.courses} />
      {preview.reissuedAmount > 0 ? <ScheduleTable rows={preview.schedule} testId="withdrawal-preview-schedule" title={m('reissued_schedule')} /> : null}
    </Box>
  );
}
