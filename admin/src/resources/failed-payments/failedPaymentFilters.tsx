import { NullableBooleanInput, NumberInput, SelectArrayInput, TextInput } from 'react-admin';
import { DateInput } from '../../common/dates';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices } from '../../common/enums';
import { FilterAside } from '../../common/ListFilters';
import { MoneyInput } from '../../common/money';
import { filterInputProps } from '../../common/billingShared';

/**
 * The criteria of the failed payments list (the contract's failed_payments find_by_criteria): name,
 * email, mobile phone, auto-pay, past due, days overdue (min–max), sources, statuses (FAILED at
 * first), when it failed, the amount to be paid (min–max) and whether a card is on file.
 */
const label = (key: string) => `resources.failed-payments.filters.${key}`;

export const failedPaymentFilterDescriptors: FilterDescriptors = {
  statuses: { label: label('statuses'), kind: 'enum', enumName: 'FailedPaymentStatus' },
  sources: { label: label('sources'), kind: 'enum', enumName: 'FailedPaymentSource' },
  name: { label: label('name'), kind: 'text' },
  email: { label: label('email'), kind: 'text' },
  mobilePhone: { label: label('mobilePhone'), kind: 'text' },
  autoPay: { label: label('autoPay'), kind: 'boolean' },
  pastDue: { label: label('pastDue'), kind: 'boolean' },
  daysOverdue: { label: label('daysOverdue'), kind: 'range' },
  date: { label: label('date'), kind: 'dateRange' },
  amountToBePaid: { label: label('amountToBePaid'), kind: 'money' },
  withPaymentMethod: { label: label('withPaymentMethod'), kind: 'boolean' },
};

export function FailedPaymentFilterAside() {
  const statuses = useEnumChoices('FailedPaymentStatus');
  const sources = useEnumChoices('FailedPaymentSource');
  return (
    <FilterAside title={label('title')}>
      <SelectArrayInput source="statuses" label={label('statuses')} choices={statuses} {...filterInputProps} />
      <SelectArrayInput source="sources" label={label('sources')} choices={sources} {...filterInputProps} />
      <TextInput source="name" label={label('name')} resettable {...filterInputProps} />
      <TextInput source="email" label={label('email')} resettable {...filterInputProps} />
      <TextInput source="mobilePhone" label={label('mobilePhone')} resettable {...filterInputProps} />
      <NullableBooleanInput source="autoPay" label={label('autoPay')} {...filterInputProps} />
      <NullableBooleanInput source="pastDue" label={label('pastDue')} {...filterInputProps} />
      <NumberInput source="daysOverdue.min" label={label('daysOverdueMin')} min={0} step={1} {...filterInputProps} />
      <NumberInput source="daysOverdue.max" label={label('daysOverdueMax')} min={0} step={1} {...filterInputProps} />
      <DateInput source="date.from" label={label('dateFrom')} {...filterInputProps} />
      <DateInput source="date.to" label={label('dateTo')} {...filterInputProps} />
      <MoneyInput source="amountToBePaid.min" label={label('amountToBePaidMin')} {...filterInputProps} />
      <MoneyInput source="amountToBePaid.max" label={label('amountToBePaidMax')} {...filterInputProps} />
      <NullableBooleanInput source="withPaymentMethod" label={label('withPaymentMethod')} {...filterInputProps} />
    </FilterAside>
  );
}
