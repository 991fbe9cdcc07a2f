import { useMemo } from 'react';
import { AutocompleteArrayInput, ReferenceArrayInput, SelectArrayInput, useGetMany, useListContext } from 'react-admin';
import { DateInput } from '../../common/dates';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices } from '../../common/enums';
import { FilterAside } from '../../common/ListFilters';
import { MoneyInput } from '../../common/money';
import { studentOptionText, studentSearch, studentName } from '../../common/studentNames';

/**
 * The criteria of the voucher refunds list (the contract's application_vouchers find_by_criteria):
 * statuses, students, the total to be refunded (min–max) and when they were last updated.
 */
const label = (key: string) => `resources.voucher-refunds.filters.${key}`;

export function voucherRefundFilterDescriptors(students: Record<string, string> = {}): FilterDescriptors {
  return {
    statuses: { label: label('statuses'), kind: 'enum', enumName: 'RequestStatus' },
    studentIds: { label: label('studentIds'), kind: 'lookup', labels: students },
    totalToBeRefunded: { label: label('totalToBeRefunded'), kind: 'money' },
    updatedAt: { label: label('updatedAt'), kind: 'dateRange' },
  };
}

/** The chips' descriptors, with the chosen students named. */
export function useVoucherRefundDescriptors() {
  const { filterValues } = useListContext();
  const ids = Array.isArray(filterValues?.studentIds) ? (filterValues.studentIds as Array<string | number>) : [];
  const { data: students = [] } = useGetMany('students', { ids }, { enabled: ids.length > 0 });
  return useMemo(
    () =>
      voucherRefundFilterDescriptors(
        Object.fromEntries(
          students.map((s) => [String(s.id), studentName({ id: s.id, email: s.user?.email, firstName: s.personalInfo?.firstName, lastName: s.personalInfo?.lastName })]),
        ),
      ),
    [students],
  );
}

const inputProps = { helperText: false as const, size: 'small' as const, margin: 'dense' as const };

export function VoucherRefundFilterAside() {
  const statuses = useEnumChoices('RequestStatus');
  return (
    <FilterAside title={label('title')}>
      <SelectArrayInput source="statuses" label={label('statuses')} choices={statuses} {...inputProps} />
      <ReferenceArrayInput source="studentIds" reference="students" perPage={20} sort={{ field: 'id', order: 'ASC' }}>
        <AutocompleteArrayInput label={label('studentIds')} optionText={studentOptionText} filterToQuery={studentSearch} {...inputProps} />
      </ReferenceArrayInput>
      <MoneyInput source="totalToBeRefunded.min" label={label('totalMin')} {...inputProps} />
      <MoneyInput source="totalToBeRefunded.max" label={label('totalMax')} {...inputProps} />
      <DateInput source="updatedAt.from" label={label('updatedAtFrom')} {...inputProps} />
      <DateInput source="updatedAt.to" label={label('updatedAtTo')} {...inputProps} />
    </FilterAside>
  );
}
