import { z } from 'zod';
import { LedgerEntry, Student } from '../../models';
import { id } from '../../models/validation';
import type { Principal } from '../common/context';
import { AppError } from '../common/errors';
import { pagingQuery, runList, type ListSpec, type Page } from '../common/list';
import { readsStudentView, studentLedgerLine } from '../payments/student-view';
import { descriptionFields } from '../../models/descriptions';
import { roundDollars } from '../../domain/money';

/**
 * A student's account history (platform spec §3 "Account history row", §9: size 10, sorted by
 * eventDate ascending): the ledger lines the billing code writes (plan issued, payments, external
 * payments, refunds, chargebacks, tax changes), each with the account and principal balances after it.
 * Lines of the same instant keep the order they were written in (the id breaks the tie). A line's
 * `description` is its English text; `descriptionKey` and `descriptionParams` (models/descriptions.ts)
 * are what the console and the portal write in their language.
 */

const sortable = { eventDate: 'eventDate', EVENT_DATE: 'eventDate', id: 'id', ID: 'id' };
export const accountHistoryQuery = pagingQuery({ sortable, defaultSort: 'eventDate', keyword: false }, { applicationId: id().optional() });
export type AccountHistoryQuery = z.output<typeof accountHistoryQuery> & { applicationId?: number };

const money = roundDollars;

export function ledgerDto(l: LedgerEntry) {
  return {
    id: l.id,
    eventDate: l.eventDate,
    kind: l.kind,
    description: l.description,
    ...descriptionFields(l),
    program: l.program,
    principal: money(l.principal),
    interest: money(l.interest),
    tax: money(l.tax),
    total: money(l.total),
    accountBalance: money(l.accountBalance),
    principalBalance: money(l.principalBalance),
    last4: l.last4,
    referenceNumber: l.referenceNumber,
    comment: l.comment,
    applicationId: l.applicationId,
    studentPaymentPlanId: l.studentPaymentPlanId,
    paymentId: l.paymentId,
    refundId: l.refundId,
  };
}
export type LedgerDto = ReturnType<typeof ledgerDto>;

const spec: ListSpec<LedgerEntry> = { model: LedgerEntry, sortable, defaultSort: 'eventDate', keywordColumns: [] };

/**
 * GET /students/{id}/account_history: the student's ledger lines, of one application when asked (404
 * for an unknown student). The student reads the institute's references, staff the gateway's (payments/student-view.ts).
 */
export async function accountHistory(studentId: number, q: AccountHistoryQuery | z.output<typeof accountHistoryQuery>, viewer?: Principal | null): Promise<Page<LedgerDto>> {
  const student = await Student.findByPk(studentId, { attributes: ['id'] });
  if (!student) throw AppError.notFound('Student');
  const { applicationId, ...paging } = q as AccountHistoryQuery;
  const dto = readsStudentView(viewer) ? (l: LedgerEntry) => studentLedgerLine(ledgerDto(l)) : ledgerDto;
  return runList(spec, paging, [{ studentId }, applicationId ? { applicationId } : null], dto);
}
