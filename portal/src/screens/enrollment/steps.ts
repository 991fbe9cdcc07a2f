/**
 * The seven enrollment steps of the portal (platform spec §2 "Enrollment steps"), their paths, where a
 * resumed application continues, and which step a submit refusal points back to.
 */
import { Messages } from '../../../../models/messages';
import type { Key } from './i18n';
import type { Application, FlowStep, StepState } from '../../lib/enrollment-api';

export const STEPS = ['course', 'class', 'personal-info', 'payment-plan', 'agreement', 'payment-method', 'submit'] as const;
export type StepKey = (typeof STEPS)[number];

export const STEP_LABELS: Record<StepKey, Key> = {
  course: 'enroll.step.course',
  class: 'enroll.step.class',
  'personal-info': 'enroll.step.personalInfo',
  'payment-plan': 'enroll.step.paymentPlan',
  agreement: 'enroll.step.agreement',
  'payment-method': 'enroll.step.paymentMethod',
  submit: 'enroll.step.submit',
};

export const isStepKey = (value: string | undefined): value is StepKey => (STEPS as readonly string[]).includes(value ?? '');

export const stepPath = (applicationId: number, step: StepKey) => `/enroll/${applicationId}/${step}`;
export const congratulationsPath = (applicationId: number) => `/enroll/${applicationId}/congratulations`;

export const nextStep = (step: StepKey): StepKey => STEPS[Math.min(STEPS.indexOf(step) + 1, STEPS.length - 1)];
export const previousStep = (step: StepKey): StepKey | null => (STEPS.indexOf(step) > 0 ? STEPS[STEPS.indexOf(step) - 1] : null);

export const stepOf = (steps: StepState[] | undefined, step: FlowStep) => steps?.find((s) => s.step === step);
export const isRequired = (steps: StepState[] | undefined, step: FlowStep) => Boolean(stepOf(steps, step)?.required);
/** A step the program's flow requires that is not complete yet. */
export const isPending = (steps: StepState[] | undefined, step: FlowStep) => {
  const found = stepOf(steps, step);
  return Boolean(found?.required && !found.completed);
};

/** Where a CREATED application picks up: the first step whose part is missing. */
export function firstIncompleteStep(application: Application): StepKey {
  if (!application.applicationCohorts?.length) return 'class';
  if (isPending(application.steps, 'COMPLETE_PERSONAL_INFO') || isPending(application.steps, 'QUESTIONNAIRE') || isPending(application.steps, 'DOCUMENT_UPLOAD'))
    return 'personal-info';
  if (!application.productPaymentPlanId) return 'payment-plan';
  if (isPending(application.steps, 'ENROLLMENT_AGREEMENT')) return 'agreement';
  if (!application.paymentMethod) return 'payment-method';
  return 'submit';
}

/** The step to fix for a refusal, by the error's code or its message (progress answers list messages). */
const FIX_BY_CODE: Record<string, StepKey> = {
  NO_COURSE_SELECTED: 'class',
  MAX_STUDENTS_REACHED: 'class',
  PERSONAL_INFO_INCOMPLETE: 'personal-info',
  QUESTIONNAIRE_INCOMPLETE: 'personal-info',
  DOCUMENT_REQUIRED: 'personal-info',
  NO_PAYMENT_PLAN_SELECTED: 'payment-plan',
  AGREEMENT_NOT_SIGNED: 'agreement',
  PAYMENT_METHOD_REQUIRED: 'payment-method',
};

export function stepToFix(codeOrMessage: string | undefined): StepKey | null {
  if (!codeOrMessage) return null;
  if (FIX_BY_CODE[codeOrMessage]) return FIX_BY_CODE[codeOrMessage];
  const key = (Object.keys(FIX_BY_CODE) as Array<keyof typeof Messages>).find((k) => Messages[k] === codeOrMessage);
  return key ? FIX_BY_CODE[key] : null;
}

/** Applications that still hold the product (domain rules: one per student and product). */
export const isActiveApplication = (application: Pick<Application, 'status'>) => !['CANCELLED', 'REJECTED', 'ARCHIVED'].includes(application.status);

/** The applications the student has submitted and that still hold their course, the most recently updated first. */
export function submittedApplications(applications: Application[]): Application[] {
  return applications
    .filter((a) => a.status !== 'CREATED' && isActiveApplication(a))
    .sort((a, b) => String(b.updatedAt ?? '').localeCompare(String(a.updatedAt ?? '')) || b.id - a.id);
}

/** The CREATED application to resume: the most recently updated. */
export function applicationToResume(applications: Application[]): Application | null {
  const open = applications.filter((a) => a.status === 'CREATED');
  open.sort((a, b) => String(b.updatedAt ?? '').localeCompare(String(a.updatedAt ?? '')) || b.id - a.id);
  return open[0] ?? null;
}
