import { useId } from 'react';
import { Box, Typography, useMediaQuery, useTheme, type Theme } from '@mui/material';
import { visuallyHidden } from '../common/tableLayout';

export interface Bar {
  /** The bar's label under the axis. */
  label: string;
  value: number;
  /** Extra words for the bar's tooltip and the data table (e.g. '3 plans'). */
  note?: string;
}

export interface BarChartProps {
  title: string;
  bars: Bar[];
  /** How a value is written (money, counts). */
  format: (value: number) => string;
  /** Header of the label column of the accessible table. */
  labelHeader: string;
  valueHeader: string;
  emptyText: string;
  testId?: string;
  height?: number;
}

/**
 * A plain SVG bar chart (the console has no chart library): one bar per value, scaled to the
 * largest — standing, its value above it and its label under it; on a phone lying down, one row each
 * (a dozen columns would not fit and the chart was cut). For assistive technology the SVG is an image
 * described by its title, and the same figures follow as a visually hidden table; each bar also
 * carries a <title> tooltip.
 */
export function BarChart({ title, bars, format, labelHeader, valueHeader, emptyText, testId, height = 180 }: BarChartProps) {
  const titleId = useId();
  // A phone or a narrow window has no room for a dozen labelled columns: the bars lie down, one row each.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <Box component="figure" sx={{ m: 0, position: 'relative' }} data-testid={testId}>
      <Typography component="figcaption" variant="subtitle2" color="text.secondary" id={titleId} gutterBottom>
        {title}
      </Typography>
      {bars.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      ) : (
        <>
          {narrow ? (
            <RowBars bars={bars} format={format} titleId={titleId} testId={testId} />
          ) : (
            <ColumnBars bars={bars} format={format} titleId={titleId} testId={testId} height={height} />
          )}
          {/* Visually hidden (it was `width: 1`, which sx reads as 100 %: the table lay across the page). */}
          <Box component="table" sx={visuallyHidden} data-testid={testId ? `${testId}-table` : undefined}>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeader}</th>
                <th scope="col">{valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar, i) => (
                <tr key={`${bar.label}-${i}`}>
                  <th scope="row">{bar.label}</th>
                  <td>{bar.note ? `${format(bar.value)} (${bar.note})` : format(bar.value)}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </>
      )}
    </Box>
  );
}

type BarsProps = Pick<BarChartProps, 'bars' | 'format' | 'testId'> & { titleId: string };

const tooltip = (bar: Bar, format: (value: number) => string) => `${bar.label}: ${format(bar.value)}${bar.note ? ` (${bar.note})` : ''}`;

/** One column per bar, its value above it and its label under it (the desktop's chart). */
function ColumnBars({ bars, format, titleId, testId, height = 180 }: BarsProps & { height?: number }) {
  const theme = useTheme();
  const width = Math.max(320, bars.length * 56);
  const top = 18;
  const bottom = 28;
  const plot = height - top - bottom;
  const max = Math.max(0, ...bars.map((b) => b.value));
  const slot = width / Math.max(1, bars.length);
  const barWidth = Math.min(40, slot * 0.6);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <svg role="img" aria-labelledby={titleId} viewBox={`0 0 ${width} ${height}`} width="100%" style={{ minWidth: Math.min(width, 480), maxHeight: height }}>
        <line x1={0} x2={width} y1={top + plot} y2={top + plot} stroke={theme.palette.divider} />
        {bars.map((bar, i) => {
          const h = max > 0 ? Math.max(bar.value > 0 ? 2 : 0, (bar.value / max) * plot) : 0;
          const x = i * slot + (slot - barWidth) / 2;
          const y = top + plot - h;
          return (
            <g key={`${bar.label}-${i}`} data-testid={testId ? `${testId}-bar-${i}` : undefined}>
              <title>{tooltip(bar, format)}</title>
              <rect x={x} y={y} width={barWidth} height={h} rx={2} fill={theme.palette.primary.main} />
              <text x={x + barWidth / 2} y={y - 4} textAnchor="middle" fontSize={10} fill={theme.palette.text.secondary}>
                {format(bar.value)}
              </text>
              <text x={i * slot + slot / 2} y={height - 10} textAnchor="middle" fontSize={10} fill={theme.palette.text.primary}>
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}

/** One row per bar: its label, the bar, its value (the phone's chart: as wide as the screen, never wider). */
function RowBars({ bars, format, titleId, testId }: BarsProps) {
  const theme = useTheme();
  const width = 320;
  const row = 22;
  const label = 80;
  const value = 64;
  const max = Math.max(0, ...bars.map((b) => b.value));
  const room = width - label - value;
  return (
    <svg role="img" aria-labelledby={titleId} viewBox={`0 0 ${width} ${bars.length * row}`} width="100%">
      {bars.map((bar, i) => {
        const w = max > 0 ? Math.max(bar.value > 0 ? 2 : 0, (bar.value / max) * room) : 0;
        const y = i * row;
        return (
          <g key={`${bar.label}-${i}`} data-testid={testId ? `${testId}-bar-${i}` : undefined}>
            <title>{tooltip(bar, format)}</title>
            <text x={0} y={y + row / 2 + 4} fontSize={11} fill={theme.palette.text.primary}>
              {bar.label}
            </text>
            <rect x={label} y={y + 5} width={w} height={row - 10} rx={2} fill={theme.palette.primary.main} />
            <text x={label + w + 4} y={y + row / 2 + 4} fontSize={11} fill={theme.palette.text.secondary}>
              {format(bar.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
