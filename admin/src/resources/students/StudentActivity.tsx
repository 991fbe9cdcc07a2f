import { useState } from 'react';
import {
  Alert,
  Box,
  Checkbox,
  LinearProgress,
  ListItemText,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate, type Identifier, type TranslateFunction } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { describeParts, describedText } from '../../../../models/descriptions';
import { formatDate, formatDateTime, hasTime, isIsoDate } from '../../common/dates';
import { useEnumChoices, type EnumName } from '../../common/enums';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import type { ActivityEntryAnswer } from '../../../../domain/contract/people';

/**
 * The activity tab: GET /students/{id}/activity_log, newest first, paged, narrowed by category and
 * type. Each entry shows when, its category and type, the record it is about and what happened (the
 * entry's description key and parameters written in the console's language), who, and each changed
 * field as `from → to` — every enumeration value by its label, so a new kind of entry reads in both
 * languages as soon as its values have labels.
 */

/**
 * One entry of GET /students/{id}/activity_log (domain/contract/people.ts): when, its category and
 * type, the record it is about (entityType, entityId), the English `description` and the key and
 * parameters the console writes in its language, the changed fields and who.
 */
export type ActivityEntry = ActivityEntryAnswer;

/** Columns whose values are enumeration values: of any record, then by the kind of record (an entry's entityType). */
const enumColumns: Record<string, EnumName> = {
  gender: 'Gender',
  educationLevel: 'EducationLevel',
  source: 'ApplicationSource',
  languageIso2LetterCode: 'Language',
  financialStatus: 'FinancialStatus',
};
const enumColumnsOf: Partial<Record<string, Record<string, EnumName>>> = {
  APPLICATION: { status: 'ApplicationStatus' },
  APPLICATION_VOUCHER: { status: 'RequestStatus' },
  REFUND: { status: 'RequestStatus', refundStatus: 'RefundMoneyStatus', refundType: 'RefundType', source: 'RefundSource' },
  EXTERNAL_PAYMENT: { status: 'ExternalPaymentStatus', method: 'ManualPaymentMethod' },
  PAYMENT: { status: 'PaymentStatus', type: 'PaymentType', channel: 'PaymentChannel' },
  PAYMENT_PLAN: { status: 'StudentPaymentPlanStatus' },
  DISPUTE: { status: 'DisputeStatus' },
  // Attendance on the student's timeline (issue 19): a circle's record status, a learning session's sign-up.
  COACHING_CIRCLE: { status: 'AttendanceStatus' },
  LEARNING_SESSION: { participationStatus: 'AttendanceStatus' },
};

/** The enumeration a changed column's values belong to, for an entry about `entityType`. */
export const enumOfColumn = (column: string, entityType?: string): EnumName | undefined => (entityType ? enumColumnsOf[entityType]?.[column] : undefined) ?? enumColumns[column];

/** A changed column's label: a schedule entry's field reads 'Installment 3 · Tax'. */
export function changeColumnText(column: string, translate: TranslateFunction): string {
  const entry = /^schedule\.(\d+)\.(\w+)$/.exec(column);
  if (entry) return translate('resources.students.messages.installment_field', { number: entry[1], field: changeColumnText(entry[2], translate) });
  return translate(`resources.students.columns.${column}`, { _: column });
}

/** One value of a change, as staff read it: Yes/No, labels, MM-DD-YYYY dates, '(empty)'. */
export function changeValueText(column: string, value: unknown, translate: TranslateFunction, locale = 'en', entityType?: string): string {
  if (value === null || value === undefined || value === '') return translate('resources.students.messages.empty_value');
  if (typeof value === 'boolean') return translate(value ? 'app.yes' : 'app.no');
  if (typeof value === 'string') {
    const enumName = enumOfColumn(column, entityType);
    if (enumName) return translate(`enums.${enumName}.${value}`, { _: value });
    if (isIsoDate(value)) return formatDate(value);
    if (hasTime(value)) return formatDateTime(value, locale);
    return value;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function MultiSelect({
  label,
  choices,
  value,
  onChange,
  testId,
}: {
  label: string;
  choices: Array<{ id: string; name: string }>;
  value: string[];
  onChange: (v: string[]) => void;
  testId: string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={value}
      fullWidth={false}
      sx={{ minWidth: 200, flex: 1 }}
      data-testid={testId}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as string[]).map((id) => choices.find((c) => c.id === id)?.name ?? id).join(', '),
        },
      }}
      onChange={(e) => onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as unknown as string[]))}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id} dense>
          <Checkbox size="small" checked={value.includes(choice.id)} />
          <ListItemText primary={choice.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}

export function StudentActivity({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const categoryChoices = useEnumChoices('ActivityCategory');
  const typeChoices = useEnumChoices('ActivityType');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [categories, setCategories] = useState<string[]>([]);
  const [types, setTypes] = useState<string[]>([]);

  const { data, isFetching, error } = useQuery({
    queryKey: ['students', 'activityLog', String(id), { page, perPage, categories, types }],
    queryFn: () =>
      dataProvider.activityLog(id, { pagination: { page: page + 1, perPage }, sort: { field: 'activityDate', order: 'DESC' }, categories, types }) as Promise<{
        data: ActivityEntry[];
        total: number;
      }>,
    placeholderData: keepPreviousData,
  });

  const rows = data?.data ?? [];
  const t = (key: string) => translate(`resources.students.activity.${key}`);

  return (
    <Box data-testid="student-activity">
      <Stack direction="row" spacing={2} sx={{ mb: 2 }} flexWrap="wrap" useFlexGap>
        <MultiSelect
          label="resources.students.activity.categories"
          choices={categoryChoices}
          value={categories}
          testId="activity-categories"
          onChange={(v) => {
            setCategories(v);
            setPage(0);
          }}
        />
        <MultiSelect
          label="resources.students.activity.types"
          choices={typeChoices}
          value={types}
          testId="activity-types"
          onChange={(v) => {
            setTypes(v);
            setPage(0);
          }}
        />
      </Stack>
      {isFetching ? <LinearProgress sx={{ mb: 1 }} /> : null}
      {error ? <Alert severity="error">{translate((error as Error).message, { _: (error as Error).message })}</Alert> : null}
      {!error && data && rows.length === 0 ? <Typography color="text.secondary">{translate('resources.students.messages.no_activity')}</Typography> : null}
      {rows.length ? (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('date')}</TableCell>
                <TableCell>{t('category')}</TableCell>
                <TableCell>{t('type')}</TableCell>
                <TableCell>{t('description')}</TableCell>
                <TableCell>{t('actor')}</TableCell>
                <TableCell>{t('changes')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((entry) => (
                <TableRow key={entry.id} data-testid="activity-row" sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.activityDate, locale)}</TableCell>
                  <TableCell>{translate(`enums.ActivityCategory.${entry.category}`, { _: entry.category })}</TableCell>
                  <TableCell>{translate(`enums.ActivityType.${entry.type}`, { _: entry.type })}</TableCell>
                  <TableCell>
                    {entry.entityType ? (
                      <Typography variant="caption" color="text.secondary" component="div" data-testid="activity-record">
                        {`${translate(`enums.ActivityEntityType.${entry.entityType}`, { _: entry.entityType })}${entry.entityId ? ` #${entry.entityId}` : ''}`}
                      </Typography>
                    ) : null}
                    <DescribedEntry entry={entry} locale={locale === 'es' ? 'es' : 'en'} />
                  </TableCell>
                  <TableCell>{entry.actor?.name ?? translate('resources.students.messages.system')}</TableCell>
                  <TableCell>
                    {Object.entries(entry.changes ?? {}).map(([column, change]) => (
                      <Typography key={column} variant="body2" component="div">
                        {translate('resources.students.messages.change', {
                          field: changeColumnText(column, translate),
                          from: changeValueText(column, change?.from, translate, locale, entry.entityType),
                          to: changeValueText(column, change?.to, translate, locale, entry.entityType),
                        })}
                      </Typography>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {data && data.total > 0 ? (
        <TablePagination
          component="div"
          count={data.total}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[10, 25, 50]}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
        />
      ) : null}
    </Box>
  );
}

/**
 * What happened, in the console's language; the data it quotes (a name, an email, an email's subject
 * in the student's language) is marked as such (`translate="no"`), not taken for the console's words.
 */
function DescribedEntry({ entry, locale }: { entry: Pick<ActivityEntry, 'description' | 'descriptionKey' | 'descriptionParams'>; locale: 'en' | 'es' }) {
  const parts = describeParts(entry.descriptionKey, entry.descriptionParams, locale);
  if (!parts) return <>{describedText(entry, locale)}</>;
  return (
    <>
      {parts.map((part, i) =>
        part.data ? (
          <span key={i} translate="no">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
