import { useMemo } from 'react';
import { AutocompleteArrayInput, SelectArrayInput } from 'react-admin';
import { DateInput } from '../../common/dates';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices } from '../../common/enums';
import { FilterAside } from '../../common/ListFilters';
import { MoneyInput } from '../../common/money';
import { StudentsFilterInput, byId, filterInputProps, useAdminChoices, useStudentLabels } from '../../common/billingShared';

/**
 * The criteria of the refund queue (the contract's refund_queues find_by_criteria): students,
 * sources, statuses, refund statuses, the four amounts (each min–max), updated by and when.
 */
const label = (key: string) => `resources.refunds.filters.${key}`;

export const REFUND_AMOUNT_CRITERIA = ['amountToBeRefunded', 'taxToBeRefunded', 'amountRefunded', 'taxRefunded'] as const;

export function refundFilterDescriptors(labels: { students?: Record<string, string>; admins?: Record<string, string> } = {}): FilterDescriptors {
  return {
    students: { label: label('students'), kind: 'lookup', labels: labels.students ?? {} },
    sources: { label: label('sources'), kind: 'enum', enumName: 'RefundSource' },
    statuses: { label: label('statuses'), kind: 'enum', enumName: 'RequestStatus' },
    refundStatuses: { label: label('refundStatuses'), kind: 'enum', enumName: 'RefundMoneyStatus' },
    ...Object.fromEntries(REFUND_AMOUNT_CRITERIA.map((key) => [key, { label: label(key), kind: 'money' as const }])),
    updatedBy: { label: label('updatedBy'), kind: 'lookup', labels: labels.admins ?? {} },
    updatedAt: { label: label('updatedAt'), kind: 'dateRange' },
  };
}

/** The chips' descriptors, with the chosen students and administrators named. */
export function useRefundDescriptors() {
  const students = useStudentLabels('students');
  const admins = useAdminChoices();
  return useMemo(() => refundFilterDescriptors({ students, admins: byId(admins) }), [students, admins]);
}

export function RefundFilterAside() {
  const sources = useEnumChoices('RefundSource');
  const statuses = useEnumChoices('RequestStatus');
  const refundStatuses = useEnumChoices('RefundMoneyStatus');
  const admins = useAdminChoices();
  return (
    <FilterAside title={label('title')}>
      <StudentsFilterInput source="students" label={label('students')} />
      <SelectArrayInput source="sources" label={label('sources')} choices={sources} {...filterInputProps} />
      <SelectArrayInput source="statuses" label={label('statuses')} choices={statuses} {...filterInputProps} />
      <SelectArrayInput source="refundStatuses" label={label('refundStatuses')} choices={refundStatuses} {...filterInputProps} />
      {REFUND_AMOUNT_CRITERIA.flatMap((key) => [
        <MoneyInput key={`${key}.min`} source={`${key}.min`} label={label(`${key}Min`)} {...filterInputProps} />,
        <MoneyInput key={`${key}.max`} source={`${key}.max`} label={label(`${key}Max`)} {...filterInputProps} />,
      ])}
      <AutocompleteArrayInput source="updatedBy" label={label('updatedBy')} choices={admins} {...filterInputProps} />
      <DateInput source="updatedAt.from" label={label('updatedAtFrom')} {...filterInputProps} />
      <DateInput source="updatedAt.to" label={label('updatedAtTo')} {...filterInputProps} />
    </FilterAside>
  );
}
