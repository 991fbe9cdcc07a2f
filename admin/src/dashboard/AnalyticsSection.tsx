import { useMemo, useState } from 'react';
import { Alert, Box, Card, CardContent, Grid, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useGetList, useLocaleState, useTranslate, type TranslateFunction } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { DATE_KINDS, MONEY_KINDS, type AnalyticsAnswer, type AnalyticsKindName } from '../../../domain/contract/analytics';
import { addDays, DEFAULT_RANGE_DAYS } from '../../../domain/rules/analytics';
import { ChartFigure, monthLabel, type ChartFigureProps } from '../common/charts';
import { intlLocale } from '../common/dates';
import { useAppDataProvider } from '../providers/useAppDataProvider';

/**
 * The dashboard's analytics (issue 20): a date range and program / business category / product
 * filters, then one chart per kind of POST /analytics/admin/{kind} (domain/contract/analytics.ts),
 * each with its title and total, loading, error and empty states. Labels and series names arrive as
 * dates, enum values and names; they are written here in the console's language (raw values never
 * shown), counts and money in the locale's numbers.
 */

export interface AnalyticsCriteria {
  startDate: string;
  endDate: string;
  programId?: number;
  businessCategoryId?: number;
  productId?: number;
}

const a = (key: string) => `dashboard.analytics.${key}`;

/** The charts, in the dashboard's order, and how each is drawn. */
export const CHARTS: Array<{ kind: AnalyticsKindName; type: ChartFigureProps['type']; stacked?: boolean; wide?: boolean }> = [
  { kind: 'applications', type: 'bar', stacked: true, wide: true },
  { kind: 'students_logged', type: 'line', wide: true },
  { kind: 'payments_schedules', type: 'bar' },
  { kind: 'transactions_past_due', type: 'bar' },
  { kind: 'count_late_payment', type: 'bar' },
  { kind: 'top_country_enrollments', type: 'hbar' },
  { kind: 'applications_program', type: 'hbar' },
  { kind: 'applications_product', type: 'hbar' },
  { kind: 'applications_category', type: 'hbar' },
  { kind: 'applications_cohort', type: 'hbar' },
  { kind: 'applications_source', type: 'pie' },
  { kind: 'students_gender', type: 'pie' },
  { kind: 'count_students', type: 'pie' },
];

/** Today as YYYY-MM-DD in the browser's zone. */
function localToday(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())).toISOString().slice(0, 10);
}

export const defaultCriteria = (today = localToday()): AnalyticsCriteria => ({ startDate: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), endDate: today });

/** A label of `kind`'s answer in words. */
export function labelText(kind: AnalyticsKindName, label: string, translate: TranslateFunction, locale: string): string {
  if (label === '') return translate(a('not_given'));
  if (DATE_KINDS.includes(kind)) {
    if (/^\d{4}-\d{2}$/.test(label)) return monthLabel(label, locale);
    const [y, m, d] = label.split('-').map(Number);
    return new Intl.DateTimeFormat(intlLocale(locale), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  }
  switch (kind) {
    case 'top_country_enrollments':
      try {
        return new Intl.DisplayNames([intlLocale(locale)], { type: 'region' }).of(label) ?? label;
      } catch {
        return label;
      }
    case 'applications_source':
      return translate(`enums.ApplicationSource.${label}`, { _: label });
    case 'students_gender':
      return translate(`enums.Gender.${label}`, { _: label });
    case 'count_students':
      return translate(a(`labels.${label}`), { _: label });
    case 'count_late_payment':
      return translate(`enums.FinancialStatus.${label}`, { _: label });
    case 'transactions_past_due':
      return translate(a('days_late'), { range: label.replace('-', '–') });
    case 'applications_category':
      return translate(`enums.BusinessCategoryName.${label}`, { _: label });
    default:
      return label;
  }
}

/** A series' name in words: an application status, or the analytics' own words. */
export function seriesText(kind: AnalyticsKindName, name: string, translate: TranslateFunction): string {
  if (kind === 'applications') return translate(`enums.ApplicationStatus.${name}`, { _: name });
  return translate(a(`series.${name}`), { _: name });
}

/** Counts and money in the locale's way (money in US dollars, two decimals). */
export function formatterOf(kind: AnalyticsKindName, locale: string): (v: number) => string {
  const money = MONEY_KINDS.includes(kind);
  const f = new Intl.NumberFormat(intlLocale(locale), money ? { style: 'currency', currency: 'USD' } : { maximumFractionDigits: 0 });
  return (v) => f.format(v);
}

function useAnalytics(kind: AnalyticsKindName, criteria: AnalyticsCriteria) {
  const { request } = useAppDataProvider();
  return useQuery({
    queryKey: ['analytics', kind, criteria],
    queryFn: () => request({ method: 'POST', path: `/analytics/admin/${kind}`, body: criteria }) as Promise<AnalyticsAnswer>,
    staleTime: 60_000,
    retry: 1,
  });
}

function AnalyticsChart({ kind, type, stacked, criteria }: (typeof CHARTS)[number] & { criteria: AnalyticsCriteria }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const { data, error, isPending } = useAnalytics(kind, criteria);
  const format = formatterOf(kind, locale);
  const title = translate(a(`charts.${kind}`));
  const testId = `analytics-${kind}`;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        {isPending ? (
          <Box data-testid={`${testId}-loading`} aria-busy="true">
            <Typography variant="subtitle2" color="text.secondary" gutterBottom>
              {title}
            </Typography>
            <Skeleton variant="rounded" height={200} />
          </Box>
        ) : error ? (
          <Box data-testid={`${testId}-error`}>
            <Typography variant="subtitle2" color="text.secondary" gutterBottom>
              {title}
            </Typography>
            <Alert severity="error">{translate(a('load_error'))}</Alert>
          </Box>
        ) : (
          <>
            <ChartFigure
              type={type}
              stacked={stacked}
              title={title}
              labels={data.labels.map((l) => labelText(kind, l, translate, locale))}
              series={data.series.map((s) => ({ label: seriesText(kind, s.name, translate), data: s.data }))}
              format={format}
              labelHeader={translate(a(DATE_KINDS.includes(kind) ? 'date' : 'category'))}
              emptyText={translate(a('empty'))}
              testId={testId}
            />
            {data.series.length ? (
              <Typography variant="caption" color="text.secondary" data-testid={`${testId}-total`}>
                {translate(a('total'), { total: format(data.total) })}
              </Typography>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

const many = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

function Filters({ criteria, onChange }: { criteria: AnalyticsCriteria; onChange: (c: AnalyticsCriteria) => void }) {
  const translate = useTranslate();
  const stale = { staleTime: 60_000 };
  const { data: programs = [] } = useGetList('programs', many, stale);
  const { data: products = [] } = useGetList('products', many, stale);
  const { data: categories = [] } = useGetList('business-categories', { pagination: { page: 1, perPage: 20 }, sort: { field: 'name', order: 'ASC' } }, { staleTime: Infinity });
  const date = (key: 'startDate' | 'endDate') => (
    <TextField
      type="date"
      size="small"
      label={translate(a(key))}
      value={criteria[key]}
      onChange={(e) => {
        if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) onChange({ ...criteria, [key]: e.target.value });
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': `analytics-${key}`, max: key === 'startDate' ? criteria.endDate : undefined, min: key === 'endDate' ? criteria.startDate : undefined },
      }}
      sx={{ minWidth: 160, maxWidth: { sm: 200 } }}
    />
  );
  const select = (key: 'programId' | 'businessCategoryId' | 'productId', choices: Array<{ id: unknown; name: string }>) => (
    <TextField
      select
      size="small"
      label={translate(a(key))}
      value={criteria[key] ?? ''}
      onChange={(e) => onChange({ ...criteria, [key]: e.target.value === '' ? undefined : Number(e.target.value) })}
      slotProps={{ htmlInput: { 'data-testid': `analytics-${key}` } }}
      sx={{ minWidth: 200, maxWidth: { sm: 280 } }}
    >
      <MenuItem value="">{translate(a('all'))}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={String(c.id)} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} data-testid="analytics-filters">
      {date('startDate')}
      {date('endDate')}
      {select(
        'programId',
        programs.map((p) => ({ id: p.id, name: String(p.name) })),
      )}
      {select(
        'businessCategoryId',
        categories.map((c) => ({ id: c.id, name: translate(`enums.BusinessCategoryName.${String(c.name)}`, { _: String(c.name) }) })),
      )}
      {select(
        'productId',
        products.map((p) => ({ id: p.id, name: String(p.name) })),
      )}
    </Stack>
  );
}

/** The analytics under the dashboard's cards (for staff with analytics:read). */
export function AnalyticsSection({ initial }: { initial?: AnalyticsCriteria }) {
  const translate = useTranslate();
  const [criteria, setCriteria] = useState<AnalyticsCriteria>(() => initial ?? defaultCriteria());
  const cleaned = useMemo(() => Object.fromEntries(Object.entries(criteria).filter(([, v]) => v !== undefined)) as unknown as AnalyticsCriteria, [criteria]);
  return (
    <Box component="section" aria-labelledby="analytics-heading" sx={{ mb: 2 }} data-testid="analytics">
      <Typography variant="h6" component="h2" id="analytics-heading" sx={{ mb: 1 }}>
        {translate(a('title'))}
      </Typography>
      <Filters criteria={criteria} onChange={setCriteria} />
      <Grid container spacing={2}>
        {CHARTS.map((chart) => (
          <Grid key={chart.kind} size={{ xs: 12, lg: chart.wide ? 12 : 6, xl: chart.wide ? 6 : 4 }}>
            <AnalyticsChart {...chart} criteria={cleaned} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

export default AnalyticsSection;
