import { useMemo } from 'react';
import type { Identifier } from 'react-admin';
import { cleanCriteria, readList, type AppDataProvider } from '../providers/dataProvider';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import type { CardRow, ExternalPaymentValues, GatewayEventRow, LedgerRow, PaymentRow, PlanRecord, RefundRow, ScheduleEntry } from './planRecord';
import { toExternalPaymentPayload } from './planRecord';
import type { BillingDashboardAnswer } from '../../../domain/contract/billing';

/**
 * The billing calls of the plan screens beyond react-admin's CRUD (which the data provider does:
 * GET /payment_plans, find_by_criteria, GET /payment_plans/{id}), made with the provider's own
 * `request`, so the session handling and the error bodies are the console's. Paths and bodies are
 * the billing contract's.
 */

const seg = (id: Identifier) => encodeURIComponent(String(id));
const plan = (id: Identifier, suffix = '') => `/payment_plans/${seg(id)}${suffix}`;
const student = (id: Identifier, suffix = '') => `/students/${seg(id)}${suffix}`;

export interface Paged<T> {
  data: T[];
  total: number;
}

/** GET /billing/dashboard (domain/contract/billing.ts). */
export type DashboardAnswer = BillingDashboardAnswer;

export interface GeneratedSchedule {
  principal: number;
  deposit: number;
  financed: number;
  interest: number;
  total: number;
  entries: Array<{ number: number; kind: string; dueDate: string; principal: number; interest: number; amount: number; balance: number }>;
}

export function planApi({ request }: Pick<AppDataProvider, 'request'>) {
  return {
    // ---- plan actions (payment_plans:update)
    /** PATCH /payment_plans/{id}/payment_account_blocked { paymentAccountBlocked }. */
    setBlocked: (id: Identifier, paymentAccountBlocked: boolean) =>
      request<PlanRecord>({ method: 'PATCH', path: plan(id, '/payment_account_blocked'), body: { paymentAccountBlocked } }),
    /** PATCH /payment_plans/{id}/bankruptcy { bankruptcy }. */
    setBankruptcy: (id: Identifier, bankruptcy: boolean) => request<PlanRecord>({ method: 'PATCH', path: plan(id, '/bankruptcy'), body: { bankruptcy } }),
    /** PATCH /payment_plans/{id}/financial_status { financialStatus }. */
    setFinancialStatus: (id: Identifier, financialStatus: string) => request<PlanRecord>({ method: 'PATCH', path: plan(id, '/financial_status'), body: { financialStatus } }),
    /** PATCH /payment_plans/{id}/payment_method/{methodId}: the card the plan (and its pending entries) is charged to. */
    setPaymentMethod: (id: Identifier, methodId: Identifier) => request<PlanRecord>({ method: 'PATCH', path: plan(id, `/payment_method/${seg(methodId)}`) }),
    /** PATCH /payment_plans/{id}/mark_as_concluded. */
    markAsConcluded: (id: Identifier) => request<PlanRecord>({ method: 'PATCH', path: plan(id, '/mark_as_concluded') }),
    /** PATCH /payment_plans/{id}/auto_pay { autoPay }. */
    setAutoPay: (id: Identifier, autoPay: boolean) => request<PlanRecord>({ method: 'PATCH', path: plan(id, '/auto_pay'), body: { autoPay } }),

    // ---- schedule entries
    /** POST /students/{sid}/payment_schedule/{eid}/external_payment → the PENDING external payment. */
    recordExternalPayment: (studentId: Identifier, entryId: Identifier, values: ExternalPaymentValues) =>
      request<{ id: number; status: string }>({
        method: 'POST',
        path: student(studentId, `/payment_schedule/${seg(entryId)}/external_payment`),
        body: toExternalPaymentPayload(values),
      }),
    /** POST /students/{sid}/payment_schedule/{eid}/tax_amount { taxAmount } → the entry. */
    setTaxAmount: (studentId: Identifier, entryId: Identifier, taxAmount: number) =>
      request<ScheduleEntry>({ method: 'POST', path: student(studentId, `/payment_schedule/${seg(entryId)}/tax_amount`), body: { taxAmount } }),
    /** POST /students/{sid}/payment_schedule/{eid}/cancel_online_payment → the cancelled payment. */
    cancelOnlinePayment: (studentId: Identifier, entryId: Identifier) =>
      request<PaymentRow>({ method: 'POST', path: student(studentId, `/payment_schedule/${seg(entryId)}/cancel_online_payment`) }),
    /** GET /payment_schedules/{id}/send-equal-notification → { sent, to }. */
    sendEqualNotification: (entryId: Identifier) => request<{ sent: boolean; to: string }>({ path: `/payment_schedules/${seg(entryId)}/send-equal-notification` }),
    /** GET /payment_schedules/{planId}/export?fullName&address: the plan's schedule as CSV. */
    exportSchedule: async (planId: Identifier, flags: { fullName: boolean; address: boolean }) =>
      (await request<Response>({ path: `/payment_schedules/${seg(planId)}/export`, query: flags, raw: true })).blob(),

    // ---- the plan's history tabs
    /** GET /students/{sid}/payments?applicationId&size&page (newest first). */
    payments: async (studentId: Identifier, applicationId: Identifier, page: number, size: number): Promise<Paged<PaymentRow>> =>
      readList(await request({ path: student(studentId, '/payments'), query: { applicationId: String(applicationId), size, page } })),
    /** GET /students/{sid}/account_history?applicationId&size&page&sortBy=eventDate&descending=false. */
    accountHistory: async (studentId: Identifier, applicationId: Identifier, page: number, size = 10): Promise<Paged<LedgerRow>> =>
      readList(
        await request({ path: student(studentId, '/account_history'), query: { applicationId: String(applicationId), size, page, sortBy: 'eventDate', descending: false } }),
      ),
    /** GET /refund_queues?applicationId (newest first). */
    refunds: async (applicationId: Identifier): Promise<Paged<RefundRow>> =>
      readList(await request({ path: '/refund_queues', query: { applicationId: String(applicationId), size: 100, page: 0 } })),
    /** GET /students/{sid}/stripe_history (newest first, 50). */
    stripeHistory: async (studentId: Identifier): Promise<Paged<GatewayEventRow>> => readList(await request({ path: student(studentId, '/stripe_history') })),
    /** GET /students/{sid}/authorize_net_history?size&page. */
    authorizeNetHistory: async (studentId: Identifier, page: number, size = 10): Promise<Paged<GatewayEventRow>> =>
      readList(await request({ path: student(studentId, '/authorize_net_history'), query: { size, page } })),
    /** GET /students/{sid}/payment_methods: the student's cards (default first). */
    cards: async (studentId: Identifier): Promise<CardRow[]> =>
      readList(await request({ path: student(studentId, '/payment_methods'), query: { size: 100, page: 0 } })).data as CardRow[],
    /** GET /students/{sid}/payment_plans: the student's plans as PlanDetail[]. */
    studentPlans: async (studentId: Identifier): Promise<PlanRecord[]> => readList<PlanRecord>(await request({ path: student(studentId, '/payment_plans') })).data,

    // ---- list-wide exports
    /** GET /payment_plans/export?status&financialStatus&migrated: the plans as CSV. */
    exportPlans: async (query: { status?: string; financialStatus?: string; migrated?: boolean }) =>
      (await request<Response>({ path: '/payment_plans/export', query, raw: true })).blob(),
    /** POST /payment_plans/financial_status_csv (criteria): the financial-status report as CSV. */
    financialStatusCsv: async (criteria: Record<string, unknown>) =>
      (await request<Response>({ method: 'POST', path: '/payment_plans/financial_status_csv', body: cleanCriteria(criteria), raw: true })).blob(),

    // ---- billing screens
    /** GET /billing/dashboard. */
    dashboard: () => request<DashboardAnswer>({ path: '/billing/dashboard' }),
    /** POST /payment_plans/generate: a schedule preview from terms (nothing is saved). */
    generate: (body: Record<string, unknown>) => request<GeneratedSchedule>({ method: 'POST', path: '/payment_plans/generate', body }),
  };
}

export type PlanApi = ReturnType<typeof planApi>;

/** The plan calls over the console's data provider. */
export function usePlanApi(): PlanApi {
  const dataProvider = useAppDataProvider();
  return useMemo(() => planApi(dataProvider), [dataProvider]);
}
