import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import GavelIcon from '@mui/icons-material/Gavel';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../common/dates';
import { formatMoney } from '../common/money';
import { usePlanApi, type DashboardAnswer } from '../common/planApi';
import { ChartFigure, monthLabel } from '../common/charts';

const d = (key: string) => `billing.dashboard.${key}`;
const whole = (v: number) => formatMoney(v, { wholeDollars: true });

export { monthLabel };

/** 'YYYY-MM-DD' → 'MM-DD' (the week's first day; the year is the chart's). */
export const weekLabel = (weekStart: string) => formatDate(weekStart).slice(0, 5);

function KpiCard({ title, amount, hint, icon, color, testId }: { title: string; amount: number; hint: string; icon: ReactNode; color: string; testId: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center">
          <Box sx={{ color, display: 'flex', '& svg': { fontSize: 40 } }} aria-hidden>
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {title}
            </Typography>
            <Typography variant="h5" component="p" data-testid={`${testId}-amount`}>
              {formatMoney(amount)}
            </Typography>
            <Typography variant="caption" color="text.secondary" data-testid={`${testId}-count`}>
              {hint}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Charts({ data }: { data: DashboardAnswer }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const common = { format: whole, emptyText: translate(d('no_data')) };
  const amount = translate(d('amount'));
  const card = (chart: ReactNode) => (
    <Grid size={{ xs: 12, xl: 6 }}>
      <Card variant="outlined">
        <CardContent>{chart}</CardContent>
      </Card>
    </Grid>
  );
  return (
    <Grid container spacing={2}>
      {card(
        <ChartFigure
          type="bar"
          title={translate(d('collected_by_month'))}
          labels={data.collectedByMonth.map((m) => monthLabel(m.month, locale))}
          series={[{ label: amount, data: data.collectedByMonth.map((m) => m.amount) }]}
          labelHeader={translate(d('month'))}
          testId="chart-collected"
          {...common}
        />,
      )}
      {card(
        <ChartFigure
          type="bar"
          title={translate(d('upcoming_by_week'))}
          labels={data.upcomingByWeek.map((w) => weekLabel(w.weekStart))}
          series={[{ label: amount, data: data.upcomingByWeek.map((w) => w.amount) }]}
          labelHeader={translate(d('week'))}
          testId="chart-upcoming"
          {...common}
        />,
      )}
      {card(
        <ChartFigure
          type="hbar"
          title={translate(d('balance_by_status'))}
          labels={data.byFinancialStatus.map(
            (s) => `${translate(`enums.FinancialStatus.${s.financialStatus}`, { _: s.financialStatus })} (${translate(d('plans'), { smart_count: s.count })})`,
          )}
          series={[{ label: translate(d('balance')), data: data.byFinancialStatus.map((s) => s.balance) }]}
          labelHeader={translate(d('status'))}
          testId="chart-status"
          {...common}
        />,
      )}
    </Grid>
  );
}

/**
 * /billing-dashboard (payment_plans:read): GET /billing/dashboard — the KPI cards (plans in
 * collections, past due, due in the next 30 days; each an amount and a count) and three charts:
 * collected by month (last 12), due by week (next 8) and balance by financial status.
 */
export function BillingDashboard() {
  const translate = useTranslate();
  const api = usePlanApi();
  const { data, error, isPending } = useQuery({ queryKey: ['billing', 'dashboard'], queryFn: () => api.dashboard() });
  return (
    <Box sx={{ mt: 2 }} data-testid="billing-dashboard">
      <Title title={translate(d('title'))} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate(d('title'))}
      </Typography>
      {isPending ? <LinearProgress /> : null}
      {error ? (
        <Alert severity="error" data-testid="billing-dashboard-error">
          {translate(d('load_error'))} {translate((error as Error).message, { _: (error as Error).message })}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
              <KpiCard
                title={translate(d('collections'))}
                amount={data.collections.amount}
                hint={translate(d('collections_hint'), { smart_count: data.collections.count })}
                icon={<GavelIcon />}
                color="error.main"
                testId="kpi-collections"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
              <KpiCard
                title={translate(d('past_due'))}
                amount={data.pastDue.amount}
                hint={translate(d('past_due_hint'), { smart_count: data.pastDue.count })}
                icon={<WarningAmberIcon />}
                color="warning.main"
                testId="kpi-past-due"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
              <KpiCard
                title={translate(d('upcoming'))}
                amount={data.upcoming.next30Days.amount}
                hint={translate(d('upcoming_hint'), { smart_count: data.upcoming.next30Days.count })}
                icon={<EventIcon />}
                color="primary.main"
                testId="kpi-upcoming"
              />
            </Grid>
          </Grid>
          <Charts data={data} />
        </>
      ) : null}
    </Box>
  );
}

export default BillingDashboard;
