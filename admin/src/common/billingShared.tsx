import { useMemo } from 'react';
import { Box, Chip } from '@mui/material';
import { AutocompleteArrayInput, ReferenceArrayInput, useCanAccess, useGetList, useGetMany, useListContext, useTranslate } from 'react-admin';
import type { EnumName } from './enums';
import { formatMoney } from './money';
import { studentOptionText, studentSearch, studentName } from './studentNames';
import { MAX_AMOUNT } from '../../../domain/money';
import { amountProblem, type AmountProblem } from '../../../domain/rules/payments';

/**
 * Pieces the billing queues share (external payments, the refund queue, failed and disputed
 * payments): how a student reads, the names behind the students and "updated by" criteria, the
 * money check of the API's bodies and the status chip.
 */

/** A student as the billing answers carry it (a full name, or first and last names, and the email). */
export interface PersonRef {
  id: number;
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  mobilePhone?: string | null;
}

export interface UpdatedBy {
  id: number | null;
  name: string | null;
}

/** 'Ana López', else the email, else '#42'; '' without a student. */
export function personName(person: Partial<PersonRef> | null | undefined): string {
  if (!person) return '';
  const full = typeof person.fullName === 'string' ? person.fullName.trim() : '';
  if (full) return full;
  return studentName({ id: person.id, firstName: person.firstName ?? null, lastName: person.lastName ?? null, email: person.email ?? null });
}

/** The largest amount the API's money bodies accept (dollars). */
export { MAX_AMOUNT };

/**
 * The money rule of the API's bodies: a positive number of dollars with at most two decimals, at most
 * 999,999,999.99. Answers the translation key of the problem, or undefined when the amount is fine.
 */
export function moneyProblem(value: unknown, options: { allowZero?: boolean } = {}): string | undefined {
  const problem = amountProblem(value, options);
  return problem ? AMOUNT_PROBLEM_KEYS[problem] : undefined;
}

/** The console's words for each problem of domain/rules/payments.ts `amountProblem`. */
const AMOUNT_PROBLEM_KEYS: Record<AmountProblem, string> = {
  REQUIRED: 'ra.validation.required',
  NOT_POSITIVE: 'resources.external-payments.validation.amount_positive',
  NOT_CENTS: 'resources.external-payments.validation.amount_cents',
  TOO_LARGE: 'resources.external-payments.validation.amount_too_large',
};

/** Money in a table cell, kept on one line. */
export const moneyCell = (value: unknown) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {formatMoney(value)}
  </Box>
);

type ChipColor = 'default' | 'success' | 'error' | 'warning' | 'info' | 'primary';

/** An enumeration value as a coloured chip, labelled `enums.<enumName>.<VALUE>`. */
export function EnumChip({ enumName, value, colors, testId }: { enumName: EnumName; value: string | null | undefined; colors: Record<string, ChipColor>; testId?: string }) {
  const translate = useTranslate();
  if (!value) return null;
  return <Chip size="small" color={colors[value] ?? 'default'} label={translate(`enums.${enumName}.${value}`, { _: value })} data-testid={testId} />;
}

/** The names of the students chosen in the list's `source` criterion (ids), for its chip. */
export function useStudentLabels(source: string): Record<string, string> {
  const { filterValues } = useListContext();
  const raw = filterValues?.[source];
  const ids = Array.isArray(raw) ? (raw as Array<string | number>) : [];
  const { data: students = [] } = useGetMany('students', { ids }, { enabled: ids.length > 0 });
  return useMemo(
    () =>
      Object.fromEntries(
        students.map((s) => [String(s.id), studentName({ id: s.id, email: s.user?.email, firstName: s.personalInfo?.firstName, lastName: s.personalInfo?.lastName })]),
      ),
    [students],
  );
}

/**
 * The administrators staff may pick as "updated by", by the acting user's id (records carry
 * `updatedBy.id`, a user id). Staff who may not read administrators get no choices.
 */
export function useAdminChoices(): Array<{ id: string | number; name: string }> {
  const { canAccess: canReadAdmins = false } = useCanAccess({ resource: 'admins', action: 'list' });
  const { data: admins = [] } = useGetList(
    'admins',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } },
    { staleTime: 60_000, enabled: canReadAdmins },
  );
  return useMemo(() => admins.map((a) => ({ id: a.userId ?? a.id, name: `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim() || String(a.email ?? a.id) })), [admins]);
}

export const byId = (choices: Array<{ id: unknown; name: string }>): Record<string, string> => Object.fromEntries(choices.map((c) => [String(c.id), c.name]));

export const filterInputProps = { helperText: false as const, size: 'small' as const, margin: 'dense' as const };

/** Students searched by keyword, chosen by id (the `students` criterion). */
export function StudentsFilterInput({ source, label }: { source: string; label: string }) {
  return (
    <ReferenceArrayInput source={source} reference="students" perPage={20} sort={{ field: 'id', order: 'ASC' }}>
      <AutocompleteArrayInput label={label} optionText={studentOptionText} filterToQuery={studentSearch} {...filterInputProps} />
    </ReferenceArrayInput>
  );
}
