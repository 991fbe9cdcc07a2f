import { useMemo } from 'react';
import { AutocompleteArrayInput, NullableBooleanInput, NumberInput, ReferenceArrayInput, SelectArrayInput, useGetMany, useListContext } from 'react-admin';
import { DateInput } from '../../common/dates';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices } from '../../common/enums';
import { FilterAside } from '../../common/ListFilters';
import { MoneyInput } from '../../common/money';
import { studentOptionText, studentSearch, studentName } from '../../common/studentNames';

/**
 * The criteria of the plan lists (the contract's payment_plans find_by_criteria): statuses,
 * financial statuses, students, auto-pay, migrated, payments blocked, bankruptcy, balance and days
 * overdue ranges, next due date range. The migrated list has `migrated: true` fixed, so it offers
 * no migrated input.
 */
const label = (key: string) => `resources.payment-information.filters.${key}`;

export function planFilterDescriptors(students: Record<string, string> = {}): FilterDescriptors {
  return {
    statuses: { label: label('statuses'), kind: 'enum', enumName: 'StudentPaymentPlanStatus' },
    financialStatuses: { label: label('financialStatuses'), kind: 'enum', enumName: 'FinancialStatus' },
    students: { label: label('students'), kind: 'lookup', labels: students },
    autoPay: { label: label('autoPay'), kind: 'boolean' },
    migrated: { label: label('migrated'), kind: 'boolean' },
    paymentAccountBlocked: { label: label('paymentAccountBlocked'), kind: 'boolean' },
    bankruptcy: { label: label('bankruptcy'), kind: 'boolean' },
    balance: { label: label('balance'), kind: 'money' },
    daysOverdue: { label: label('daysOverdue'), kind: 'range' },
    nextDueDate: { label: label('nextDueDate'), kind: 'dateRange' },
  };
}

/** The chips' descriptors, with the chosen students named. */
export function usePlanFilterDescriptors() {
  const { filterValues } = useListContext();
  const ids = Array.isArray(filterValues?.students) ? (filterValues.students as Array<string | number>) : [];
  const { data: students = [] } = useGetMany('students', { ids }, { enabled: ids.length > 0 });
  return useMemo(
    () =>
      planFilterDescriptors(
        Object.fromEntries(
          students.map((s) => [String(s.id), studentName({ id: s.id, email: s.user?.email, firstName: s.personalInfo?.firstName, lastName: s.personalInfo?.lastName })]),
        ),
      ),
    [students],
  );
}

const inputProps = { helperText: false as const, size: 'small' as const, margin: 'dense' as const };

export function PlanFilterAside({ migratedFixed = false }: { migratedFixed?: boolean }) {
  const statuses = useEnumChoices('StudentPaymentPlanStatus');
  const financialStatuses = useEnumChoices('FinancialStatus');
  return (
    <FilterAside title={label('title')}>
      <SelectArrayInput source="statuses" label={label('statuses')} choices={statuses} {...inputProps} />
      <SelectArrayInput source="financialStatuses" label={label('financialStatuses')} choices={financialStatuses} {...inputProps} />
      <ReferenceArrayInput source="students" reference="students" perPage={20} sort={{ field: 'id', order: 'ASC' }}>
        <AutocompleteArrayInput label={label('students')} optionText={studentOptionText} filterToQuery={studentSearch} {...inputProps} />
      </ReferenceArrayInput>
      <NullableBooleanInput source="autoPay" label={label('autoPay')} {...inputProps} />
      {migratedFixed ? null : <NullableBooleanInput source="migrated" label={label('migrated')} {...inputProps} />}
      <NullableBooleanInput source="paymentAccountBlocked" label={label('paymentAccountBlocked')} {...inputProps} />
      <NullableBooleanInput source="bankruptcy" label={label('bankruptcy')} {...inputProps} />
      <MoneyInput source="balance.min" label={label('balanceMin')} {...inputProps} />
      <MoneyInput source="balance.max" label={label('balanceMax')} {...inputProps} />
      <NumberInput source="daysOverdue.min" label={label('daysOverdueMin')} min={0} step={1} {...inputProps} />
      <NumberInput source="daysOverdue.max" label={label('daysOverdueMax')} min={0} step={1} {...inputProps} />
      <DateInput source="nextDueDate.from" label={label('nextDueDateFrom')} {...inputProps} />
      <DateInput source="nextDueDate.to" label={label('nextDueDateTo')} {...inputProps} />
    </FilterAside>
  );
}
