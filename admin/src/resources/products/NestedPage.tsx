import type { ReactNode } from 'react';
import { Alert, Box, Breadcrumbs, Card, CardContent, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * The frame of the products' nested screens (/products/:productId/payment-plans and
 * .../:paymentPlanId/adjustments): a breadcrumb back up the chain, the title, an action on the
 * right, and the content.
 */
export function NestedPage({ crumbs, title, action, children }: { crumbs: Crumb[]; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ mt: 2, width: '100%' }} data-testid="nested-page">
      <Title title={title} />
      <Breadcrumbs sx={{ mb: 1 }} aria-label="breadcrumb">
        {crumbs.map((crumb, i) =>
          crumb.to ? (
            <Link key={i} component={RouterLink} to={crumb.to} underline="hover" color="inherit" data-testid={`crumb-${i}`}>
              {crumb.label}
            </Link>
          ) : (
            <Typography key={i} color="text.primary" data-testid={`crumb-${i}`}>
              {crumb.label}
            </Typography>
          ),
        )}
      </Breadcrumbs>
      <Card>
        <CardContent>
          <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1} sx={{ mb: 1, minHeight: 36 }}>
            <Typography variant="h6" component="h1" data-testid="page-title">
              {title}
            </Typography>
            {action}
          </Stack>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** Loading and load-error states of a nested screen. */
export function LoadState({ isPending, error, notFound }: { isPending: boolean; error: unknown; notFound: string }) {
  const translate = useTranslate();
  if (isPending) return <LinearProgress sx={{ mt: 2 }} />;
  const message = (error as Error | null)?.message;
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="nested-load-error">
      {translate(notFound)}
      {message ? ` ${translate(message, { _: message })}` : ''}
    </Alert>
  );
}
