import { useMemo } from 'react';
import { AutocompleteArrayInput, SelectArrayInput, useGetList } from 'react-admin';
import { DateInput } from '../../common/dates';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices } from '../../common/enums';
import { FilterAside } from '../../common/ListFilters';
import { MoneyInput } from '../../common/money';
import { StudentsFilterInput, byId, filterInputProps, useAdminChoices, useStudentLabels } from '../../common/billingShared';

/**
 * The criteria of transfers (back-office spec §3 "Transfer" filters; the contract's transfers
 * find_by_criteria): statuses, students, origin and destination products, the fee (min–max),
 * updated by and when.
 */
const label = (key: string) => `resources.transfers.filters.${key}`;

type Labels = Record<string, string>;

export function transferFilterDescriptors(labels: { students?: Labels; products?: Labels; admins?: Labels } = {}): FilterDescriptors {
  return {
    statuses: { label: label('statuses'), kind: 'enum', enumName: 'TransferStatus' },
    students: { label: label('students'), kind: 'lookup', labels: labels.students ?? {} },
    originProduct: { label: label('originProduct'), kind: 'lookup', labels: labels.products ?? {} },
    destinationProduct: { label: label('destinationProduct'), kind: 'lookup', labels: labels.products ?? {} },
    transferFee: { label: label('transferFee'), kind: 'money' },
    updatedBy: { label: label('updatedBy'), kind: 'lookup', labels: labels.admins ?? {} },
    updatedAt: { label: label('updatedAt'), kind: 'dateRange' },
  };
}

/** Every product by name (archived ones too: a transfer may come from one), as choices. */
export function useProductChoices(): Array<{ id: string | number; name: string }> {
  const { data = [] } = useGetList('products', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } }, { staleTime: 60_000 });
  return useMemo(() => data.map((p) => ({ id: p.id, name: String(p.name) })), [data]);
}

/** The chips' descriptors, with the chosen students, products and administrators named. */
export function useTransferDescriptors() {
  const students = useStudentLabels('students');
  const products = useProductChoices();
  const admins = useAdminChoices();
  return useMemo(() => transferFilterDescriptors({ students, products: byId(products), admins: byId(admins) }), [students, products, admins]);
}

export function TransferFilterAside() {
  const statuses = useEnumChoices('TransferStatus');
  const products = useProductChoices();
  const admins = useAdminChoices();
  return (
    <FilterAside title={label('title')}>
      <SelectArrayInput source="statuses" label={label('statuses')} choices={statuses} {...filterInputProps} />
      <StudentsFilterInput source="students" label={label('students')} />
      <AutocompleteArrayInput source="originProduct" label={label('originProduct')} choices={products} {...filterInputProps} />
      <AutocompleteArrayInput source="destinationProduct" label={label('destinationProduct')} choices={products} {...filterInputProps} />
      <MoneyInput source="transferFee.min" label={label('transferFeeMin')} {...filterInputProps} />
      <MoneyInput source="transferFee.max" label={label('transferFeeMax')} {...filterInputProps} />
      <AutocompleteArrayInput source="updatedBy" label={label('updatedBy')} choices={admins} {...filterInputProps} />
      <DateInput source="updatedAt.from" label={label('updatedAtFrom')} {...filterInputProps} />
      <DateInput source="updatedAt.to" label={label('updatedAtTo')} {...filterInputProps} />
    </FilterAside>
  );
}
