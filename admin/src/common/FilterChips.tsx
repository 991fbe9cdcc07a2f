import { useMemo } from 'react';
import { Button, Chip, Stack } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import { useListContext, useTranslate, type TranslateFunction } from 'react-admin';
import { useQueries } from '@tanstack/react-query';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { formatDate } from './dates';
import type { EnumName } from './enums';
import { criteriaOf, withoutSavedFilter, type LookupKind } from './ListFilters';
import { formatMoney } from './money';

/**
 * Structured filter chips (back-office spec §4 "List pattern", §9): one chip per active criterion,
 * reading `<Field label>: <value>` — 'Active: Yes', 'Gender: Female, Male', 'Created: 03-01-2026 – 03-31-2026'.
 * Deleting a chip removes that criterion and leaves the saved filter (its id and name are cleared);
 * 'Clear all' empties the whole filter, keyword included. The list reloads by itself.
 *
 * Each list describes its criteria once:
 *
 *     const descriptors: FilterDescriptors = {
 *       active: { label: 'resources.students.filters.active', kind: 'boolean' },
 *       genders: { label: 'resources.students.filters.genders', kind: 'enum', enumName: 'Gender' },
 *       countryCodes: { label: '...', kind: 'lookup', lookupType: 'COUNTRY' },
 *       createdAt: { label: '...', kind: 'dateRange' },
 *       amountRefunded: { label: '...', kind: 'money' },   // { min, max } or a single amount
 *     };
 *     <FilterChips descriptors={descriptors} />
 *
 * Only criteria that survive cleaning (what the server actually filters by) get a chip; keys not
 * described get one too, labelled with their key, so nothing filters the list invisibly.
 */

export type FilterKind = 'boolean' | 'enum' | 'lookup' | 'text' | 'date' | 'dateRange' | 'range' | 'money';

export interface FilterDescriptor {
  /** Translation key of the field's label. */
  label: string;
  kind: FilterKind;
  /** For `enum`: the enumeration whose labels are `enums.<enumName>.<VALUE>`. */
  enumName?: EnumName;
  /** For `lookup`: the lookup type whose labels name the values (countries, states). */
  lookupType?: LookupKind;
  /** For `lookup` without a lookup type: value → label, given by the list (records named by id). */
  labels?: Record<string, string>;
  /** The chip's value text, for criteria no kind words well (a nested object such as a location). */
  format?: (value: unknown, translate: TranslateFunction) => string;
}

export type FilterDescriptors = Record<string, FilterDescriptor>;

export interface CriterionChip {
  key: string;
  label: string;
  value: string;
}

/** Lookup type → value → label. */
export type LookupLabels = Partial<Record<LookupKind, Map<string, string>>>;

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function rangeText(value: unknown, lower: 'from' | 'min', upper: 'to' | 'max', show: (v: unknown) => string, translate: TranslateFunction): string {
  const r = (value ?? {}) as Record<string, unknown>;
  const low = r[lower];
  const high = r[upper];
  const has = (v: unknown) => v !== null && v !== undefined && v !== '';
  if (has(low) && has(high)) return translate('app.filters.range', { from: show(low), to: show(high) });
  if (has(low)) return `${translate(`app.filters.${lower}`)} ${show(low)}`;
  if (has(high)) return `${translate(`app.filters.${upper}`)} ${show(high)}`;
  return '';
}

/** The text of one criterion's value. */
export function criterionText(value: unknown, descriptor: FilterDescriptor | undefined, translate: TranslateFunction, lookups: LookupLabels = {}): string {
  if (descriptor?.format) return descriptor.format(value, translate);
  const kind = descriptor?.kind ?? 'text';
  switch (kind) {
    case 'boolean':
      return asList(value)
        .map((v) => translate(v === true || v === 'true' ? 'app.yes' : 'app.no'))
        .join(', ');
    case 'enum':
      return asList(value)
        .map((v) => translate(`enums.${descriptor?.enumName}.${String(v)}`, { _: String(v) }))
        .join(', ');
    case 'lookup': {
      const labels = descriptor?.lookupType ? lookups[descriptor.lookupType] : undefined;
      return asList(value)
        .map((v) => labels?.get(String(v)) ?? descriptor?.labels?.[String(v)] ?? String(v))
        .join(', ');
    }
    case 'date':
      return formatDate(value);
    case 'dateRange':
      return rangeText(value, 'from', 'to', formatDate, translate);
    case 'range':
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? rangeText(value, 'min', 'max', (v) => String(v), translate) : String(value);
    case 'money':
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? rangeText(value, 'min', 'max', (v) => formatMoney(v), translate) : formatMoney(value);
    case 'text':
    default:
      return asList(value)
        .map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)))
        .join(', ');
  }
}

/** The chips of a filter object: described criteria in the descriptors' order, then any others. */
export function describeCriteria(
  filterValues: Record<string, unknown> | undefined,
  descriptors: FilterDescriptors,
  translate: TranslateFunction,
  lookups: LookupLabels = {},
): CriterionChip[] {
  const criteria = criteriaOf(filterValues);
  const keys = [...Object.keys(descriptors).filter((k) => k in criteria), ...Object.keys(criteria).filter((k) => !(k in descriptors))];
  return keys
    .map((key) => {
      const descriptor = descriptors[key];
      return { key, label: descriptor ? translate(descriptor.label) : key, value: criterionText(criteria[key], descriptor, translate, lookups) };
    })
    .filter((chip) => chip.value !== '');
}

/** Labels of the lookup types the descriptors use (loaded once, shared with the selects). */
function useLookupLabels(descriptors: FilterDescriptors): LookupLabels {
  const dataProvider = useAppDataProvider();
  const types = useMemo(() => [...new Set(Object.values(descriptors).flatMap((d) => (d.kind === 'lookup' && d.lookupType ? [d.lookupType] : [])))], [descriptors]);
  const results = useQueries({
    queries: types.map((type) => ({ queryKey: ['lookups', type], queryFn: () => dataProvider.lookups(type), staleTime: Infinity, gcTime: Infinity })),
  });
  const datas = results.map((r) => r.data);
  return useMemo(() => {
    const out: LookupLabels = {};
    types.forEach((type, i) => {
      out[type] = new Map((datas[i] ?? []).map((item) => [item.value, item.label]));
    });
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [types, ...datas]);
}

export interface FilterChipsProps {
  descriptors: FilterDescriptors;
}

/** The chips row above a list's rows; renders nothing while the list is unfiltered. */
export function FilterChips({ descriptors }: FilterChipsProps) {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const lookups = useLookupLabels(descriptors);
  const chips = describeCriteria(filterValues, descriptors, translate, lookups);
  const hasAnyFilter = Object.keys(filterValues ?? {}).length > 0;
  if (!chips.length && !hasAnyFilter) return null;

  const remove = (key: string) => {
    const next = withoutSavedFilter(filterValues);
    delete next[key];
    setFilters(next, displayedFilters);
  };

  return (
    <Stack direction="row" flexWrap="wrap" alignItems="center" useFlexGap spacing={1} sx={{ px: 2, py: 1 }} data-testid="filter-chips">
      {chips.map((chip) => (
        <Chip
          key={chip.key}
          size="small"
          label={`${chip.label}: ${chip.value}`}
          data-testid={`filter-chip-${chip.key}`}
          onDelete={() => remove(chip.key)}
          deleteIcon={<CancelIcon aria-label={translate('ra.action.remove_filter')} />}
        />
      ))}
      <Button size="small" onClick={() => setFilters({}, {})} data-testid="filter-chips-clear-all">
        {translate('app.filters.clear_all')}
      </Button>
    </Stack>
  );
}
