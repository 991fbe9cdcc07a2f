import { FormControlLabel, Switch } from '@mui/material';
import { NullableBooleanInput, SelectArrayInput, useListContext, useTranslate } from 'react-admin';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices } from '../../common/enums';
import { FilterAside, withoutSavedFilter } from '../../common/ListFilters';

/**
 * The criteria of the products list (api/products/products.schemas.ts `productCriteria`): how each
 * reads as a chip — 'Published: Yes', 'Enrolling: No', 'Flow type: Purchase', 'Archived: Yes' — and
 * its input.
 */
const label = (key: string) => `resources.products.filters.${key}`;

export const productFilterDescriptors: FilterDescriptors = {
  published: { label: label('published'), kind: 'boolean' },
  enrolling: { label: label('enrolling'), kind: 'boolean' },
  flowTypes: { label: label('flowTypes'), kind: 'enum', enumName: 'ProductFlowType' },
  deleted: { label: label('deleted'), kind: 'boolean' },
};

/**
 * The list's filter object with "Show archived" switched: on adds `deleted: true` (the archived
 * products only), off removes the key (the live ones). Like any criterion change it leaves the saved filter.
 */
export function withArchived(filterValues: Record<string, unknown>, on: boolean): Record<string, unknown> {
  const next = withoutSavedFilter(filterValues);
  if (on) next.deleted = true;
  else delete next.deleted;
  return next;
}

/** "Show archived": a switch rather than a yes/no/any select, because `deleted: false` is the default. */
function ShowArchivedSwitch() {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const on = filterValues?.deleted === true || filterValues?.deleted === 'true';
  return (
    <FormControlLabel
      sx={{ mt: 1 }}
      control={<Switch size="small" checked={on} onChange={(_, checked) => setFilters(withArchived(filterValues ?? {}, checked), displayedFilters)} data-testid="show-archived" />}
      label={translate(label('show_archived'))}
    />
  );
}

const inputProps = { helperText: false as const, size: 'small' as const, margin: 'dense' as const };

/** The filter panel of the products list. */
export function ProductFilterAside() {
  const flowTypes = useEnumChoices('ProductFlowType');
  return (
    <FilterAside title={label('title')}>
      <NullableBooleanInput source="published" label={label('published')} {...inputProps} />
      <NullableBooleanInput source="enrolling" label={label('enrolling')} {...inputProps} />
      <SelectArrayInput source="flowTypes" label={label('flowTypes')} choices={flowTypes} {...inputProps} />
      <ShowArchivedSwitch />
    </FilterAside>
  );
}
