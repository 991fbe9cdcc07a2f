import type { ReactNode } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { ResourceContextProvider, useGetOne, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { formatDateTime } from './dates';
import { InfoRow, InfoSection } from './InfoSection';
import { formatMoney } from './money';
import { RefundAmountsEdit } from './RefundAmountsEdit';
import { useActorName } from './actorName';

/**
 * The pieces the money drawers share (external payments, the refund queue, voucher refunds): loading
 * the record with its not-found message, the "Updated … by …" line, a refund's six amounts and its
 * request (editable while requested, else its comments). `prefix` is the resource's i18n prefix
 * (`resources.refunds`), which holds `messages.not_found`, `messages.updated`,
 * `messages.updated_no_name`, `sections.amounts`, `sections.request` and the amounts' field labels.
 */

interface Stamped {
  updatedAt: string;
  updatedBy: { id?: number | null; name: string | null } | null;
}

/** 'Updated 03-02-2026, 10:00 AM by Ana Admin' (or without a name). */
export function UpdatedCaption({ record, prefix }: { record: Stamped; prefix: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const actorName = useActorName();
  const date = formatDateTime(record.updatedAt, locale);
  const name = actorName(record.updatedBy);
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
      {name ? translate(`${prefix}.messages.updated`, { date, name }) : translate(`${prefix}.messages.updated_no_name`, { date })}
    </Typography>
  );
}

/**
 * One record of `resource` in a drawer: a progress bar while it loads, the resource's 'not found'
 * with the server's reason when it cannot, else `children(record)` and the updated line, inside the
 * resource's context.
 */
export function MoneyRecordDetail<T extends RaRecord & Stamped>({
  resource,
  id,
  prefix,
  testId,
  errorTestId,
  children,
}: {
  resource: string;
  id: string;
  prefix: string;
  testId: string;
  errorTestId: string;
  children: (record: T) => ReactNode;
}) {
  const translate = useTranslate();
  const { data: record, error, isPending } = useGetOne<T>(resource, { id });
  if (isPending) return <LinearProgress />;
  if (error || !record) {
    const message = (error as Error | null)?.message;
    return (
      <Alert severity="error" data-testid={errorTestId}>
        {translate(`${prefix}.messages.not_found`)}
        {message ? ` ${translate(message, { _: message })}` : ''}
      </Alert>
    );
  }
  return (
    <ResourceContextProvider value={resource}>
      <Box data-testid={testId}>
        {children(record)}
        <UpdatedCaption record={record} prefix={prefix} />
      </Box>
    </ResourceContextProvider>
  );
}

interface RefundMoney {
  amountToBeRefunded: number;
  taxToBeRefunded: number;
  totalToBeRefunded: number;
  amountRefunded: number;
  taxRefunded: number;
  totalRefunded: number;
}

/** What a refund owes and what has been paid back (the queue's and a voucher's refund). */
export function RefundAmountsSection({ record, prefix }: { record: RefundMoney; prefix: string }) {
  const f = (name: string) => `${prefix}.fields.${name}`;
  return (
    <InfoSection title={`${prefix}.sections.amounts`}>
      <InfoRow label={f('amountToBeRefunded')}>{formatMoney(record.amountToBeRefunded)}</InfoRow>
      <InfoRow label={f('taxToBeRefunded')}>{formatMoney(record.taxToBeRefunded)}</InfoRow>
      <InfoRow label={f('totalToBeRefunded')} testId="refund-total">
        {formatMoney(record.totalToBeRefunded)}
      </InfoRow>
      <InfoRow label={f('amountRefunded')}>{formatMoney(record.amountRefunded)}</InfoRow>
      <InfoRow label={f('taxRefunded')}>{formatMoney(record.taxRefunded)}</InfoRow>
      <InfoRow label={f('totalRefunded')} testId="refund-total-refunded">
        {formatMoney(record.totalRefunded)}
      </InfoRow>
    </InfoSection>
  );
}

/** The refund's request: its amounts and comments as a form while staff may edit it, else its comments. */
export function RefundRequestSection({
  record,
  resource,
  prefix,
  editable,
}: {
  record: { id: RaRecord['id']; updatedAt: string; comments: string | null };
  resource: string;
  prefix: string;
  editable: boolean;
}) {
  if (editable) return <RefundAmountsEdit key={record.updatedAt} resource={resource} id={record.id} prefix={prefix} />;
  return (
    <InfoSection title={`${prefix}.sections.request`}>
      <InfoRow label={`${prefix}.fields.comments`}>{record.comments}</InfoRow>
    </InfoSection>
  );
}
