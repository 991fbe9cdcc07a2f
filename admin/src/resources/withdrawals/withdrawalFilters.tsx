import { useMemo } from 'react';
import { AutocompleteArrayInput, SelectArrayInput, TextInput, useGetList } from 'react-admin';
import { DateInput } from '../../common/dates';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices } from '../../common/enums';
import { FilterAside } from '../../common/ListFilters';
import { MoneyInput } from '../../common/money';
import { StudentsFilterInput, byId, filterInputProps, useAdminChoices, useStudentLabels } from '../../common/billingShared';

/**
 * The criteria of withdrawals (back-office spec §3 "Withdrawal" filters; the contract's withdrawals
 * find_by_criteria): students, program, class, statuses, kinds, the reason's start, the six amounts
 * (each min–max), updated by and when.
 */
const label = (key: string) => `resources.withdrawals.filters.${key}`;

type Labels = Record<string, string>;

export const WITHDRAWAL_AMOUNT_CRITERIA = ['tuitionResponsibility', 'reductionAmount', 'amountToBeRefund', 'amountRefunded', 'taxToBeRefund', 'taxRefunded'] as const;

export function withdrawalFilterDescriptors(labels: { students?: Labels; programs?: Labels; cohorts?: Labels; admins?: Labels } = {}): FilterDescriptors {
  return {
    students: { label: label('students'), kind: 'lookup', labels: labels.students ?? {} },
    program: { label: label('program'), kind: 'lookup', labels: labels.programs ?? {} },
    cohort: { label: label('cohort'), kind: 'lookup', labels: labels.cohorts ?? {} },
    statuses: { label: label('statuses'), kind: 'enum', enumName: 'RequestStatus' },
    kinds: { label: label('kinds'), kind: 'enum', enumName: 'WithdrawalKind' },
    reason: { label: label('reason'), kind: 'text' },
    ...Object.fromEntries(WITHDRAWAL_AMOUNT_CRITERIA.map((key) => [key, { label: label(key), kind: 'money' as const }])),
    updatedBy: { label: label('updatedBy'), kind: 'lookup', labels: labels.admins ?? {} },
    updatedAt: { label: label('updatedAt'), kind: 'dateRange' },
  };
}

const many = { pagination: { page: 1, perPage: 1000 } };

/** Programs by name and classes newest first, as choices. */
function useProgramAndCohortChoices() {
  const { data: programs = [] } = useGetList('programs', { ...many, sort: { field: 'name', order: 'ASC' } }, { staleTime: 60_000 });
  const { data: cohorts = [] } = useGetList('cohorts', { ...many, sort: { field: 'id', order: 'DESC' } }, { staleTime: 60_000 });
  return useMemo(
    () => ({
      programs: programs.map((p) => ({ id: p.id, name: String(p.name) })),
      cohorts: cohorts.map((c) => ({ id: c.id, name: String(c.label ?? c.id) })),
    }),
    [programs, cohorts],
  );
}

/** The chips' descriptors, with the chosen students, programs, classes and administrators named. */
export function useWithdrawalDescriptors() {
  const students = useStudentLabels('students');
  const { programs, cohorts } = useProgramAndCohortChoices();
  const admins = useAdminChoices();
  return useMemo(() => withdrawalFilterDescriptors({ students, programs: byId(programs), cohorts: byId(cohorts), admins: byId(admins) }), [students, programs, cohorts, admins]);
}

export function WithdrawalFilterAside() {
  const statuses = useEnumChoices('RequestStatus');
  const kinds = useEnumChoices('WithdrawalKind');
  const { programs, cohorts } = useProgramAndCohortChoices();
  const admins = useAdminChoices();
  return (
    <FilterAside title={label('title')}>
      <StudentsFilterInput source="students" label={label('students')} />
      <AutocompleteArrayInput source="program" label={label('program')} choices={programs} {...filterInputProps} />
      <AutocompleteArrayInput source="cohort" label={label('cohort')} choices={cohorts} {...filterInputProps} />
      <SelectArrayInput source="statuses" label={label('statuses')} choices={statuses} {...filterInputProps} />
      <SelectArrayInput source="kinds" label={label('kinds')} choices={kinds} {...filterInputProps} />
      <TextInput source="reason" label={label('reason')} resettable {...filterInputProps} />
      {WITHDRAWAL_AMOUNT_CRITERIA.flatMap((key) => [
        <MoneyInput key={`${key}.min`} source={`${key}.min`} label={label(`${key}Min`)} {...filterInputProps} />,
        <MoneyInput key={`${key}.max`} source={`${key}.max`} label={label(`${key}Max`)} {...filterInputProps} />,
      ])}
      <AutocompleteArrayInput source="updatedBy" label={label('updatedBy')} choices={admins} {...filterInputProps} />
      <DateInput source="updatedAt.from" label={label('updatedAtFrom')} {...filterInputProps} />
      <DateInput source="updatedAt.to" label={label('updatedAtTo')} {...filterInputProps} />
    </FilterAside>
  );
}
