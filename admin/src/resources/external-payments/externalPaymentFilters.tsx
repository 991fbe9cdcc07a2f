import { useMemo } from 'react';
import { AutocompleteArrayInput, SelectArrayInput } from 'react-admin';
import { DateInput } from '../../common/dates';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices } from '../../common/enums';
import { FilterAside } from '../../common/ListFilters';
import { MoneyInput } from '../../common/money';
import { StudentsFilterInput, byId, filterInputProps, useAdminChoices, useStudentLabels } from '../../common/billingShared';

/**
 * The criteria of the external payments list (the contract's external_payments find_by_criteria):
 * students, statuses, payment amount (min–max), payment date, updated by and when.
 */
const label = (key: string) => `resources.external-payments.filters.${key}`;

export function externalPaymentFilterDescriptors(labels: { students?: Record<string, string>; admins?: Record<string, string> } = {}): FilterDescriptors {
  return {
    students: { label: label('students'), kind: 'lookup', labels: labels.students ?? {} },
    statuses: { label: label('statuses'), kind: 'enum', enumName: 'ExternalPaymentStatus' },
    paymentAmount: { label: label('paymentAmount'), kind: 'money' },
    paymentDate: { label: label('paymentDate'), kind: 'dateRange' },
    updatedBy: { label: label('updatedBy'), kind: 'lookup', labels: labels.admins ?? {} },
    updatedAt: { label: label('updatedAt'), kind: 'dateRange' },
  };
}

/** The chips' descriptors, with the chosen students and administrators named. */
export function useExternalPaymentDescriptors() {
  const students = useStudentLabels('students');
  const admins = useAdminChoices();
  return useMemo(() => externalPaymentFilterDescriptors({ students, admins: byId(admins) }), [students, admins]);
}

export function ExternalPaymentFilterAside() {
  const statuses = useEnumChoices('ExternalPaymentStatus');
  const admins = useAdminChoices();
  return (
    <FilterAside title={label('title')}>
      <StudentsFilterInput source="students" label={label('students')} />
      <SelectArrayInput source="statuses" label={label('statuses')} choices={statuses} {...filterInputProps} />
      <MoneyInput source="paymentAmount.min" label={label('paymentAmountMin')} {...filterInputProps} />
      <MoneyInput source="paymentAmount.max" label={label('paymentAmountMax')} {...filterInputProps} />
      <DateInput source="paymentDate.from" label={label('paymentDateFrom')} {...filterInputProps} />
      <DateInput source="paymentDate.to" label={label('paymentDateTo')} {...filterInputProps} />
      <AutocompleteArrayInput source="updatedBy" label={label('updatedBy')} choices={admins} {...filterInputProps} />
      <DateInput source="updatedAt.from" label={label('updatedAtFrom')} {...filterInputProps} />
      <DateInput source="updatedAt.to" label={label('updatedAtTo')} {...filterInputProps} />
    </FilterAside>
  );
}
