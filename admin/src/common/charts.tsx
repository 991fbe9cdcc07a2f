import { useId } from 'react';
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { intlLocale } from './dates';
import { visuallyHidden } from './tableLayout';

/**
 * The console's charts (the dashboard's analytics and the billing dashboard), drawn by @mui/x-charts.
 * Import this module only from lazily loaded screens: the library must not join the first load
 * (vite.vendor.mts keeps what only lazy screens import out of the vendor chunk).
 *
 * A chart is a figure: its title, the chart (an image described by the title, with the library's
 * tooltip), and the same figures as a visually hidden table for assistive technology and tests.
 */
/** 'YYYY-MM' → 'Mar 2026' ('mar 2026' in Spanish); the month is read as text, no time zone. */
export function monthLabel(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Intl.DateTimeFormat(intlLocale(locale), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/**
 * A value axis: whole-number steps (a count's axis read 0, 1, 1, 1 when its step was a half) and a whole
 * amount's tick without its cents ("$1,000", where "$1,000.00" was cut to "$1,000…").
 */
export function valueAxis(format: (value: number) => string) {
  return { valueFormatter: (v: number) => format(v).replace(/[.,]00(?=\D*$)/, ''), tickMinStep: 1 };
}

export interface ChartSeries {
  /** The series' words (already translated). */
  label: string;
  data: number[];
}

export interface ChartFigureProps {
  title: string;
  /** bar: columns (stacked when `stacked`); hbar: one row per label (long names); line; pie (the first series). */
  type: 'bar' | 'hbar' | 'line' | 'pie';
  /** The categories' words (already translated and formatted). */
  labels: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  labelHeader: string;
  emptyText: string;
  stacked?: boolean;
  testId?: string;
  height?: number;
}

export function ChartFigure({ title, type, labels, series, format, labelHeader, emptyText, stacked, testId, height = 260 }: ChartFigureProps) {
  const titleId = useId();
  const empty = labels.length === 0 || series.length === 0;
  const valueFormatter = (v: number | null) => (v === null ? '' : format(v));
  const value = valueAxis(format);
  const rows = type === 'hbar' ? Math.max(1, labels.length) : 0;
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid={testId}>
      <Typography component="figcaption" variant="subtitle2" color="text.secondary" id={titleId} gutterBottom>
        {title}
      </Typography>
      {empty ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid={testId ? `${testId}-empty` : undefined}>
          {emptyText}
        </Typography>
      ) : (
        <>
          <Box role="img" aria-labelledby={titleId} sx={{ width: '100%', minWidth: 0 }}>
            {type === 'pie' ? (
              <PieChart
                height={height}
                series={[{ data: labels.map((label, i) => ({ id: i, label, value: series[0].data[i] ?? 0 })), valueFormatter: (v) => format(v.value), innerRadius: 40 }]}
              />
            ) : type === 'line' ? (
              <LineChart
                height={height}
                xAxis={[{ scaleType: 'point', data: labels }]}
                yAxis={[{ ...value, width: 72 }]}
                series={series.map((s) => ({ label: s.label, data: s.data, valueFormatter, showMark: labels.length <= 31 }))}
              />
            ) : type === 'hbar' ? (
              <BarChart
                layout="horizontal"
                height={Math.max(height, 40 + rows * 28)}
                yAxis={[{ scaleType: 'band', data: labels, width: 140 }]}
                xAxis={[value]}
                series={series.map((s) => ({ label: s.label, data: s.data, valueFormatter }))}
                hideLegend={series.length < 2}
              />
            ) : (
              <BarChart
                height={height}
                xAxis={[{ scaleType: 'band', data: labels }]}
                yAxis={[{ ...value, width: 72 }]}
                series={series.map((s) => ({ label: s.label, data: s.data, valueFormatter, ...(stacked ? { stack: 'all' } : {}) }))}
                hideLegend={series.length < 2}
              />
            )}
          </Box>
          {/* Hidden in a box, not on the table itself: a table is as wide as its cells whatever its width, so a
              hidden table made the dashboard scroll sideways on a phone. */}
          <Box sx={visuallyHidden}>
            <Box component="table" data-testid={testId ? `${testId}-table` : undefined}>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{labelHeader}</th>
                  {series.map((s) => (
                    <th key={s.label} scope="col">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {labels.map((label, i) => (
                  <tr key={`${label}-${i}`}>
                    <th scope="row">{label}</th>
                    {series.map((s) => (
                      <td key={s.label}>{format(s.data[i] ?? 0)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        </>
      )}
    </Box>
  );
}
