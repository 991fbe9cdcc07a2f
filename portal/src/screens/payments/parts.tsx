/** Pieces the payment screens share: the billing calls hook, titled sections, term lists, tables with pages, and the "not available" state. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useApi } from '../../components/PortalContext';
import { billingApi, type BillingApi, type Page } from '../../lib/billing-api';
import type { Loaded } from '../enrollment/useLoad';
import { useT } from './i18n';

/** The billing calls over the portal's one HTTP client. */
export function useBillingApi(): BillingApi {
  const api = useApi();
  const [calls] = useState(() => billingApi(api.http));
  return calls;
}

/** A titled panel of the payment information screen. */
export function Section({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" id={id} gutterBottom>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

/** Label → value pairs as a description list (read as terms and definitions). */
export function Terms({ items, testId }: { items: Array<{ key: string; label: string; value: ReactNode }>; testId?: string }) {
  return (
    <Box component="dl" data-testid={testId} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, max-content) 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
      {items.map((item) => (
        <Box key={item.key} sx={{ display: 'contents' }} data-testid={`term-${item.key}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export interface Column<T> {
  key: string;
  label: string;
  align?: 'right';
  render(row: T): ReactNode;
}

/** A small table; `label` names it for assistive technology (and the tests). */
export function DataTable<T extends { id: number }>({ label, columns, rows, testId }: { label: string; columns: Array<Column<T>>; rows: T[]; testId: string }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} sx={{ whiteSpace: 'nowrap' }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={`${testId}-${row.id}`}>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Previous / Page x of y / Next under a paged table. */
export function Pager({
  section,
  page,
  shown,
  pages,
  busy,
  onPage,
  testId,
}: {
  section: string;
  page: number;
  shown: number;
  pages: number;
  busy: boolean;
  onPage(page: number): void;
  testId: string;
}) {
  const { t } = useT();
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={t('pay.pages', { section })} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, mt: 2 }}>
      <Button onClick={() => onPage(page - 1)} disabled={page === 0 || busy}>
        {t('pay.previous')}
      </Button>
      <Typography variant="body2" data-testid={testId}>
        {t('pay.page', { page: shown + 1, pages })}
      </Typography>
      <Button onClick={() => onPage(page + 1)} disabled={page + 1 >= pages || busy}>
        {t('pay.next')}
      </Button>
    </Box>
  );
}

/**
 * A loaded list's states: the spinner, a 403 as "not available in the portal" (a history the
 * student may not read), another failure as the server's message, else the content.
 */
export function LoadedView<T>({ loaded, testId, children }: { loaded: Loaded<T>; testId: string; children(data: T): ReactNode }) {
  const { t } = useT();
  if (loaded.loading && !loaded.data) return <PageLoading />;
  if (loaded.error?.status === 403)
    return (
      <FormMessage severity="info" testId={`${testId}-unavailable`}>
        {t('pay.unavailable')}
      </FormMessage>
    );
  if (loaded.error || !loaded.data) return <ErrorAlert error={loaded.error} testId={`${testId}-error`} />;
  return <>{children(loaded.data)}</>;
}

/**
 * A history read a page at a time: its loading and refusal states (`LoadedView`), the empty
 * sentence when its first page is empty (`{testIds.view}-none`), else the table and its pager.
 */
export function PagedTable<T extends { id: number }>({
  title,
  loaded,
  page,
  size,
  onPage,
  columns,
  empty,
  testIds,
}: {
  title: string;
  loaded: Loaded<Page<T>>;
  page: number;
  size: number;
  onPage(page: number): void;
  columns: Array<Column<T>>;
  empty: string;
  testIds: { view: string; rows: string; pager: string };
}) {
  return (
    <LoadedView loaded={loaded} testId={testIds.view}>
      {(answer) => {
        if (!answer.content.length && page === 0) return <Empty testId={`${testIds.view}-none`}>{empty}</Empty>;
        const pages = Math.max(1, Math.ceil((answer.pagination.total ?? answer.content.length) / size));
        return (
          <>
            <DataTable label={title} columns={columns} rows={answer.content} testId={testIds.rows} />
            <Pager section={title} page={page} shown={answer.pagination.page ?? page} pages={pages} busy={loaded.loading} onPage={onPage} testId={testIds.pager} />
          </>
        );
      }}
    </LoadedView>
  );
}

/** An empty list's sentence. */
export function Empty({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Typography color="text.secondary" data-testid={testId}>
      {children}
    </Typography>
  );
}

/** A date or date-time as the school's calendar day, MM-DD-YYYY (platform spec §5; school time zone America/New_York). */
export function schoolDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value.slice(5, 7)}-${value.slice(8, 10)}-${value.slice(0, 4)}`;
  const when = new Date(value);
  if (Number.isNaN(when.getTime())) return value;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(when);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}-${part('day')}-${part('year')}`;
}
