import type { ReactNode } from 'react';
import { Alert, Box, Breadcrumbs, Card, CardContent, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { DeleteWithConfirmButton, Title, useCanAccess, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useServerRefusal } from '../../common/useServerRefusal';
import { PRODUCTS } from './productRecord';

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

/**
 * Delete a nested record of a product (a plan, an adjustment) with a confirmation naming it, for staff
 * with products:delete, pessimistically; `onDone` closes the drawer, a refusal is the server's message.
 */
export function ProductPartDeleteButton({
  title,
  content,
  name,
  successMessage,
  onDone,
  testId,
}: {
  title: string;
  content: string;
  name: string;
  successMessage: string;
  onDone: () => void;
  testId: string;
}) {
  const onError = useServerRefusal({ keepFieldErrors: false });
  const { canAccess } = useCanAccess({ resource: PRODUCTS, action: 'delete' });
  if (!canAccess) return null;
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle={title}
      confirmContent={content}
      titleTranslateOptions={{ name }}
      successMessage={successMessage}
      mutationOptions={{ onSuccess: onDone, onError }}
      data-testid={testId}
    />
  );
}
