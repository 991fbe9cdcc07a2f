/**
 * The billing calls of the portal (issue 6 contract: the student's payment plans, payments, account
 * history, card-provider and gateway history, refunds, cards and auto-pay), typed, over the portal's
 * one HTTP client (`api.http`). Functions over that client rather than members of `PortalApi`, so
 * they ship with the lazily loaded payment screens, not in the sign-in page's chunk. Money is in
 * dollars (numbers with 2 decimals) as the API answers it.
 */
import type { HttpClient } from '../../../domain/http/client';
import type { GatewayEventAnswer, PlanDetailAnswer } from '../../../domain/contract/billing';
import type { StudentCrmNotificationAnswer } from '../../../domain/contract/applications';
import type { RefundAnswer } from '../../../domain/contract/refunds';
import type { LedgerRow, PaymentDto } from '../../../models/billing-answers';
import type { Page, PaymentMethod } from './enrollment-api';

export type { Page, PaymentMethod };
export type { LedgerRow, PlanBreakdown, PlanTerms, ScheduleEntry } from '../../../models/billing-answers';
export type Payment = PaymentDto;

/** GET /payment_plans/{id} and GET /students/{id}/payment_plans: the PlanDetail (domain/contract/billing.ts). */
export type PlanDetail = PlanDetailAnswer;

export type StudentPaymentKind = 'INSTALLMENT' | 'PRE_PAY' | 'PAY_OFF';

export interface PaymentBody {
  type: StudentPaymentKind;
  amount: number;
  paymentMethodId?: number;
}

/** One card-provider / gateway call about the student (gateway_events). */
export type GatewayEventRow = GatewayEventAnswer;

/** One report about the student's application to the CRM (GET /applications/{id}/salesforce_notifications, the student's view). */
export type CrmNotificationRow = StudentCrmNotificationAnswer;

/** One entry of the refund queue (domain/contract/refunds.ts). */
export type RefundRow = RefundAnswer;

/** A list answered as `{content}` or as a bare array (tolerated for the calls the contract leaves open). */
const contentOf = <T>(answer: Page<T> | T[] | null): T[] => (Array.isArray(answer) ? answer : (answer?.content ?? []));
const pageOf = <T>(answer: Page<T> | T[] | null, page: number, size: number): Page<T> =>
  Array.isArray(answer) ? { content: answer, pagination: { total: answer.length, page, size } } : (answer ?? { content: [], pagination: { total: 0, page, size } });

export const ACCOUNT_HISTORY_SIZE = 10;
export const PROVIDER_HISTORY_SIZE = 10;
export const CRM_HISTORY_SIZE = 10;

export function billingApi(http: HttpClient) {
  const student = (id: number) => `/students/${id}`;
  return {
    studentPlans: (studentId: number) => http.request<Page<PlanDetail> | PlanDetail[]>({ path: `${student(studentId)}/payment_plans` }).then(contentOf),
    setAutoPay: (planId: number, autoPay: boolean) => http.request<PlanDetail>({ method: 'PATCH', path: `/payment_plans/${planId}/auto_pay`, body: { autoPay } }),

    /**
     * POST /students/{id}/payment_plans/{planId}/payments. `idempotencyKey` is the attempt's key: a
     * retry of the same submission sends the same one, so the server answers the first result and
     * never charges twice.
     */
    makePayment: (studentId: number, planId: number, body: PaymentBody, idempotencyKey: string) =>
      http.request<Payment>({ method: 'POST', path: `${student(studentId)}/payment_plans/${planId}/payments`, body, headers: { 'Idempotency-Key': idempotencyKey } }),

    accountHistory: (studentId: number, query: { applicationId?: number; page: number; size?: number }) => {
      const size = query.size ?? ACCOUNT_HISTORY_SIZE;
      return http
        .request<Page<LedgerRow> | LedgerRow[]>({
          path: `${student(studentId)}/account_history`,
          query: { applicationId: query.applicationId, size, page: query.page, sortBy: 'eventDate', descending: false },
        })
        .then((answer) => pageOf(answer, query.page, size));
    },
    stripeHistory: (studentId: number) => http.request<Page<GatewayEventRow> | GatewayEventRow[]>({ path: `${student(studentId)}/stripe_history` }).then(contentOf),
    authorizeNetHistory: (studentId: number, page: number, size = PROVIDER_HISTORY_SIZE) =>
      http
        .request<Page<GatewayEventRow> | GatewayEventRow[]>({ path: `${student(studentId)}/authorize_net_history`, query: { size, page } })
        .then((answer) => pageOf(answer, page, size)),
    crmHistory: (applicationId: number, page: number, size = CRM_HISTORY_SIZE) =>
      http
        .request<Page<CrmNotificationRow> | CrmNotificationRow[]>({
          path: `/applications/${applicationId}/salesforce_notifications`,
          query: { size, page, sortBy: 'id', descending: true },
        })
        .then((answer) => pageOf(answer, page, size)),
    refunds: (studentId: number, applicationId: number) =>
      http.request<Page<RefundRow> | RefundRow[]>({ path: `${student(studentId)}/refunds`, query: { applicationId, size: 50, page: 0 } }).then(contentOf),

    paymentMethods: (studentId: number) => http.request<Page<PaymentMethod> | PaymentMethod[]>({ path: `${student(studentId)}/payment_methods` }).then(contentOf),
    setDefaultPaymentMethod: (studentId: number, methodId: number) =>
      http.request<PaymentMethod>({ method: 'PUT', path: `${student(studentId)}/payment_methods/${methodId}/default` }),
    deletePaymentMethod: (studentId: number, methodId: number) => http.request<null>({ method: 'DELETE', path: `${student(studentId)}/payment_methods/${methodId}` }),
    gatewayConfig: () => http.request<{ gateway: string; publishableKey: string | null }>({ path: '/payment_gateway/config' }),
  };
}

export type BillingApi = ReturnType<typeof billingApi>;

/** A fresh Idempotency-Key for one payment attempt (crypto.randomUUID, with a fallback for old browsers). */
export function newIdempotencyKey(): string {
  const uuid = globalThis.crypto?.randomUUID?.bind(globalThis.crypto);
  if (uuid) return uuid();
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(Math.random() * 4)]}${hex(3)}-${hex(12)}`;
}
