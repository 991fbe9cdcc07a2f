import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { FilterLiveForm, useLocaleState, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { SAVED_FILTER_KEYS, splitFilter } from '../providers/dataProvider';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { countryName } from '../../../models/labels';

export { countryName };

/**
 * Pieces shared by every list with structured filters (back-office spec §4 "List pattern"): the
 * criteria of a list's filter state, lookup choices for selects, and the filter aside.
 *
 * The list's filter object (react-admin `filterValues`, kept in the URL) holds three things:
 * `q` (the keyword), `savedFilterId` / `savedFilterName` (which saved filter is applied), and the
 * criteria (everything else). Only the cleaned criteria reach `find_by_criteria`.
 */

/** The criteria of a filter object: no keyword, no saved-filter keys, empty parts dropped (spec §5). */
export function criteriaOf(filterValues: Record<string, unknown> | undefined): Record<string, unknown> {
  return splitFilter(filterValues).criteria;
}

/** A filter object without the saved-filter keys (editing any criterion leaves the saved filter). */
export function withoutSavedFilter(filterValues: Record<string, unknown>): Record<string, unknown> {
  const out = { ...filterValues };
  for (const key of SAVED_FILTER_KEYS) delete out[key];
  return out;
}

/** JSON with object keys sorted, so two criteria objects compare by value whatever their key order. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** True when two criteria objects mean the same search (after cleaning). */
export function sameCriteria(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  return stableStringify(criteriaOf(a)) === stableStringify(criteriaOf(b));
}

export type LookupKind =
  'COUNTRY' | 'US_STATE' | 'GENDER' | 'EDUCATION_LEVEL' | 'LANGUAGE' | 'APPLICATION_SOURCE' | 'BUSINESS_CATEGORY' | 'TIME_OF_DAY' | 'MANUAL_PAYMENT_METHOD' | 'ADJUSTMENT_CATEGORY';

/**
 * `{ id, name }` choices of a lookup type (GET /public/lookups?type=), loaded once per session and
 * shared by every select and chip that needs them. Countries are named in the console's language.
 */
export function useLookupChoices(type: LookupKind): Array<{ id: string; name: string }> {
  const dataProvider = useAppDataProvider();
  const [locale] = useLocaleState();
  const { data } = useQuery({ queryKey: ['lookups', type], queryFn: () => dataProvider.lookups(type), staleTime: Infinity, gcTime: Infinity });
  return useMemo(
    () =>
      (data ?? []).map((item) => ({
        id: item.value,
        name: type === 'COUNTRY' && locale !== 'en' ? (countryName(item.value, locale) ?? item.label) : item.label,
      })),
    [data, locale, type],
  );
}

export interface FilterAsideProps {
  /** The filter inputs; each one's `source` is a criteria key (dotted for ranges: `createdAt.from`). */
  children: ReactNode;
  /** Title translation key (e.g. `resources.students.filters.title`). */
  title: string;
}

/**
 * The list's filter panel, beside the rows (react-admin demo `VisitorListAside`): the inputs apply
 * as they change (debounced), merged into the list's filter, so the URL always holds the criteria.
 * Invalid input (a half-typed date) is not applied.
 */
export function FilterAside({ children, title }: FilterAsideProps) {
  const translate = useTranslate();
  // The inputs render just after the list's first render, as an interruptible transition: a dozen
  // form inputs cost more than the rows, and the list's data request starts only once the first
  // render has committed (docs/benchmarks.md "Browser").
  const [inputsShown, setInputsShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setInputsShown(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Card sx={{ order: -1, mr: 2, mt: 2, width: 280, flexShrink: 0, alignSelf: 'flex-start', display: { xs: 'none', md: 'block' } }} data-testid="filter-aside">
      <CardContent sx={{ pt: 1 }}>
        <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
          <FilterListIcon fontSize="small" />
          <Typography variant="subtitle2">{translate(title)}</Typography>
        </Stack>
        {inputsShown ? (
          <FilterLiveForm>
            <Stack spacing={0}>{children}</Stack>
          </FilterLiveForm>
        ) : null}
      </CardContent>
    </Card>
  );
}
