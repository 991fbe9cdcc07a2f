/**
 * The enrollment calls of the portal (issue 5 contract: applications, options, progress, answers,
 * promo codes, envelopes, payment gateway and payment methods), typed, over the portal's one HTTP
 * client (`api.http`). They are functions over that client rather than members of `PortalApi` so
 * they ship with the lazily loaded enrollment screens, not in the sign-in page's chunk.
 */
import type { HttpClient } from '../../../domain/http/client';
import type { ApplicationStatus, EnrollmentFlowStep, Of, PaymentPlanType, PaymentScheduleType, ProductFlowType, VoucherDiscountKind } from '../../../models/enums';

export type ApplicationStatusValue = Of<typeof ApplicationStatus>;
export type FlowStep = Of<typeof EnrollmentFlowStep>;

export interface Page<T> {
  content: T[];
  pagination: { total: number; page: number; size: number };
}

/** GET /products/by_flow_type/{flowType}: the parts the course choice shows. */
export interface ProductSummary {
  id: number;
  name: string;
  description: string | null;
  cost: number | null;
  flowType: Of<typeof ProductFlowType>;
  enrolling: boolean;
  published: boolean;
  cohorts: Array<{ id: number; label: string; status: string; startDate: string | null; endDate: string | null }>;
}

export interface StepState {
  step: FlowStep;
  required: boolean;
  completed: boolean;
  completedAt: string | null;
}

/** The contract's ApplicationDto (the parts the portal reads). */
export interface Application {
  id: number;
  status: ApplicationStatusValue;
  flowType: string;
  appliedAt: string | null;
  createdAt: string;
  updatedAt: string;
  student: { id: number; email: string; firstName: string; lastName: string };
  product: { id: number; name: string; flowType: string; cost: number | null };
  applicationCohorts: Array<{ id: number; programId: number; programName: string; cohortId: number; cohortLabel: string; startDate: string | null; endDate: string | null }>;
  productPaymentPlanId: number | null;
  productPaymentPlan: { id: number; name: string } | null;
  voucher: { id: number; code: string; discountKind: Of<typeof VoucherDiscountKind>; discountValue: number } | null;
  voucherDiscount: number | null;
  paymentMethod: { id: number; brand: string; last4: string; expMonth: number; expYear: number } | null;
  steps: StepState[];
}

export interface SchedulePreview {
  principal: number;
  deposit: number;
  financed: number;
  interest: number;
  total: number;
  entries: Array<{ number: number; kind: 'DEPOSIT' | 'INSTALLMENT'; dueDate: string; principal: number; interest: number; amount: number; balance: number }>;
}

export interface PaymentPlanOption {
  id: number;
  name: string;
  shortDescription: string | null;
  longDescription: string | null;
  paymentPlanType: Of<typeof PaymentPlanType>;
  paymentScheduleType: Of<typeof PaymentScheduleType> | null;
  totalTerm: number | null;
  depositAmount: number | null;
  installmentAmount: number | null;
  annualPercentageRate: number | null;
  /** What the application's promo code takes off this plan (its own principal's share; 0 without one); null without a preview. */
  voucherDiscount: number | null;
  /** Null when the plan's terms cannot make a schedule; the discount is in it. */
  preview: SchedulePreview | null;
}

/** GET /applications/{id}/options. */
export interface ApplicationOptions {
  product: { id: number; name: string; flowType: string; cost: number | null };
  programs: Array<{ id: number; name: string; cohorts: Array<{ id: number; label: string; startDate: string | null; endDate: string | null; seatsLeft: number | null }> }>;
  paymentPlans: PaymentPlanOption[];
}

/** POST /applications/{id}/progress answers this. */
export interface Progress {
  steps: StepState[];
  canSubmit: boolean;
  missing: string[];
}

export interface Answer {
  questionId: string;
  content: string;
}

export type EnvelopeStatus = 'SENT' | 'SIGNED' | 'VOIDED';

export interface Envelope {
  id: number;
  applicationId: number;
  studentId: number;
  status: EnvelopeStatus;
  title: string;
  contentSha256: string;
  signedName: string | null;
  signedAt: string | null;
  signedIp: string | null;
  signedSha256: string | null;
  voidedAt: string | null;
  createdAt: string;
  stale: boolean;
  /** Only on GET /envelopes/{id}. */
  content?: string;
}

export interface GatewayConfig {
  gateway: string;
  publishableKey: string | null;
}

export interface PaymentMethod {
  id: number;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ApplicationChanges {
  cohortIds?: number[];
  productPaymentPlanId?: number;
  paymentMethodId?: number;
}

/** A list answered as `{content}` or as a bare array (tolerated for the calls the contract leaves open). */
const contentOf = <T>(answer: Page<T> | T[] | null): T[] => (Array.isArray(answer) ? answer : (answer?.content ?? []));

/** The token id of a sandbox token answer (Stripe's token object has `id`). */
export const tokenIdOf = (answer: { id?: string; token?: string; stripeTokenId?: string } | string): string =>
  typeof answer === 'string' ? answer : (answer.id ?? answer.stripeTokenId ?? answer.token ?? '');

export function enrollmentApi(http: HttpClient) {
  const app = (id: number) => `/applications/${id}`;
  return {
    productsByFlowType: (flowType: 'HCTP' | 'DYNAMIC') => http.request<Page<ProductSummary>>({ path: `/products/by_flow_type/${flowType}`, query: { size: 100 } }).then(contentOf),

    listApplications: () => http.request<Page<Application>>({ path: '/applications', query: { size: 200 } }).then(contentOf),
    createApplication: (productId: number) => http.request<Application>({ method: 'POST', path: '/applications', body: { productId } }),
    getApplication: (id: number) => http.request<Application>({ path: app(id) }),
    updateApplication: (id: number, body: ApplicationChanges) => http.request<Application>({ method: 'PUT', path: app(id), body }),
    options: (id: number) => http.request<ApplicationOptions>({ path: `${app(id)}/options` }),
    progress: (id: number, step?: FlowStep) => http.request<Progress>({ method: 'POST', path: `${app(id)}/progress`, body: step ? { step } : {} }),
    answers: (id: number) => http.request<Answer[] | Page<Answer>>({ path: `${app(id)}/answers` }).then(contentOf),
    saveAnswers: (id: number, answers: Answer[]) => http.request({ method: 'POST', path: `${app(id)}/answers`, body: answers }),
    changeStatus: (id: number, status: ApplicationStatusValue) => http.request<Application>({ method: 'PATCH', path: `${app(id)}/status`, query: { status } }),

    applyPromoCode: (id: number, code: string) => http.request<Pick<Application, 'voucher' | 'voucherDiscount'>>({ method: 'POST', path: `${app(id)}/promo_code`, body: { code } }),
    removePromoCode: (id: number) => http.request({ method: 'DELETE', path: `${app(id)}/promo_code` }),

    currentEnvelope: (applicationId: number) => http.request<Envelope>({ method: 'POST', path: `${app(applicationId)}/envelopes` }),
    getEnvelope: (id: number) => http.request<Envelope>({ path: `/envelopes/${id}` }),
    signEnvelope: (id: number, signedName: string) => http.request<Envelope>({ method: 'POST', path: `/envelopes/${id}/sign`, body: { signedName } }),
    studentEnvelopes: (studentId: number, query: { page?: number; size?: number; status?: EnvelopeStatus } = {}) =>
      http.request<Page<Envelope>>({ path: `/students/${studentId}/envelopes`, query: { size: query.size ?? 10, page: query.page ?? 0, status: query.status } }),
    /** The signed PDF (bearer sent by the client) as a Blob. */
    async envelopePdf(id: number): Promise<Blob> {
      const response = await http.request<Response>({ path: `/envelopes/${id}/pdf`, raw: true, headers: { Accept: 'application/pdf' } });
      return response.blob();
    },

    gatewayConfig: () => http.request<GatewayConfig>({ path: '/payment_gateway/config' }),
    sandboxToken: (card: CardInput) =>
      http.request<{ id?: string; token?: string; stripeTokenId?: string } | string>({ method: 'POST', path: '/payment_gateway/sandbox/tokens', body: card }).then(tokenIdOf),
    paymentMethods: (studentId: number) => http.request<Page<PaymentMethod> | PaymentMethod[]>({ path: `/students/${studentId}/payment_methods` }).then(contentOf),
    addPaymentMethod: (studentId: number, stripeTokenId: string) =>
      http.request<PaymentMethod>({ method: 'POST', path: `/students/${studentId}/payment_methods`, body: { stripeTokenId } }),
  };
}

export type EnrollmentApi = ReturnType<typeof enrollmentApi>;
