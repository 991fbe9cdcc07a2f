/**
 * The enrollment calls of the portal (issue 5 contract: applications, options, progress, answers,
 * promo codes, envelopes, payment gateway and payment methods), typed, over the portal's one HTTP
 * client (`api.http`). They are functions over that client rather than members of `PortalApi` so
 * they ship with the lazily loaded enrollment screens, not in the sign-in page's chunk.
 */
import type { HttpClient } from '../../../domain/http/client';
import type { ApplicationStatus, EnrollmentFlowStep, Of } from '../../../models/enums';
import type {
  ApplicationAnswer,
  ApplicationOptionsAnswer,
  ApplicationStepAnswer,
  EnvelopeAnswer,
  PaymentPlanOptionAnswer,
  ProgressAnswer,
  SchedulePreviewAnswer,
} from '../../../domain/contract/applications';
import type { GatewayConfigAnswer, PaymentMethodAnswer } from '../../../domain/contract/billing';
import type { ProductAnswer } from '../../../domain/contract/products';

export type ApplicationStatusValue = Of<typeof ApplicationStatus>;
export type FlowStep = Of<typeof EnrollmentFlowStep>;

export interface Page<T> {
  content: T[];
  pagination: { total: number; page: number; size: number };
}

/** GET /products/by_flow_type/{flowType}: a product of domain/contract/products.ts. */
export type ProductSummary = ProductAnswer;

export type StepState = ApplicationStepAnswer;

/** The contract's ApplicationDto (domain/contract/applications.ts). */
export type Application = ApplicationAnswer;

export type SchedulePreview = SchedulePreviewAnswer;

export type PaymentPlanOption = PaymentPlanOptionAnswer;

/** GET /applications/{id}/options. */
export type ApplicationOptions = ApplicationOptionsAnswer;

/** POST /applications/{id}/progress answers this. */
export type Progress = ProgressAnswer;

export interface Answer {
  questionId: string;
  content: string;
}

/** An agreement envelope (GET /envelopes/{id} adds its `content`). */
export type Envelope = EnvelopeAnswer;
export type EnvelopeStatus = EnvelopeAnswer['status'];

/** GET /payment_gateway/config (domain/contract/billing.ts). */
export type GatewayConfig = GatewayConfigAnswer;

/** A saved card (domain/contract/billing.ts). */
export type PaymentMethod = PaymentMethodAnswer;

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
  /** The student's upload (POST /files) for the DOCUMENT_UPLOAD step. */
  documentName?: string | null;
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
