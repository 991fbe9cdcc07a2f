import type { Transaction } from 'sequelize';
import {
  Application,
  ApplicationAnswer,
  ApplicationCohort,
  ApplicationStep,
  Cohort,
  EnrollmentFlowRequirement,
  PaymentMethod,
  ProductItem,
  ProductPaymentPlan,
  Student,
} from '../../models';
import { EnrollmentFlowStep, type Of } from '../../models/enums';
import { Messages } from '../../models/messages';
import type { Actor } from '../common/context';

/**
 * The enrollment flow of an application (domain rules "Applications and enrollments"): the steps the
 * programs of its product require (the union over the programs of the product's cohorts of their
 * EnrollmentFlowRequirement rows), which of them are complete, and what still stops a submit.
 */

export type Step = Of<typeof EnrollmentFlowStep>;
export type StepDto = { step: Step; required: boolean; completed: boolean; completedAt: Date | null };
export type Refusal = { code: string; message: string };

const ORDER = new Map(EnrollmentFlowStep.map((s, i) => [s, i]));
const byOrder = (a: Step, b: Step) => (ORDER.get(a) ?? 99) - (ORDER.get(b) ?? 99);

/** A product's flow: every step its programs list, and whether any of them requires it. */
export interface Flow {
  listed: Step[];
  required: Set<Step>;
}

/** The flows of many products in two queries (product items → cohorts' programs → requirement rows). */
export async function flowsOf(productIds: number[], transaction?: Transaction): Promise<Map<number, Flow>> {
  const out = new Map<number, Flow>();
  const ids = [...new Set(productIds)];
  for (const id of ids) out.set(id, { listed: [], required: new Set() });
  if (!ids.length) return out;
  const items = await ProductItem.findAll({
    where: { productId: ids },
    attributes: ['productId', 'cohortId'],
    include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'programId'] }],
    transaction,
  });
  const programsOf = new Map<number, Set<number>>();
  for (const item of items) {
    if (!item.cohort) continue;
    if (!programsOf.has(item.productId)) programsOf.set(item.productId, new Set());
    programsOf.get(item.productId)!.add(item.cohort.programId);
  }
  const programIds = [...new Set([...programsOf.values()].flatMap((s) => [...s]))];
  const rows = programIds.length
    ? await EnrollmentFlowRequirement.findAll({ where: { programId: programIds }, attributes: ['programId', 'step', 'required'], raw: true, transaction })
    : [];
  for (const [productId, programs] of programsOf) {
    const listed = new Set<Step>();
    const required = new Set<Step>();
    for (const row of rows) {
      if (!programs.has(row.programId)) continue;
      listed.add(row.step);
      if (row.required) required.add(row.step);
    }
    out.set(productId, { listed: [...listed].sort(byOrder), required });
  }
  return out;
}

export async function flowOf(productId: number, transaction?: Transaction): Promise<Flow> {
  return (await flowsOf([productId], transaction)).get(productId)!;
}

/** The programs a product sells (through its items' cohorts), each once. */
export async function programsOfProduct(productId: number, transaction?: Transaction): Promise<number[]> {
  const items = await ProductItem.findAll({
    where: { productId },
    attributes: ['cohortId'],
    include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'programId'] }],
    transaction,
  });
  return [...new Set(items.map((i) => i.cohort?.programId).filter((p): p is number => typeof p === 'number'))];
}

/**
 * Personal info is complete when the fields an enrollment agreement and a payment need are set:
 * first and last name, date of birth, mobile phone, street, city, zip and country, and the state
 * for the United States.
 */
export function personalInfoComplete(
  s: Pick<Student, 'firstName' | 'lastName' | 'dateOfBirth' | 'mobilePhone' | 'street1' | 'city' | 'zip' | 'countryCode' | 'stateCode'>,
): boolean {
  const set = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';
  if (![s.firstName, s.lastName, s.dateOfBirth, s.mobilePhone, s.street1, s.city, s.zip, s.countryCode].every(set)) return false;
  return s.countryCode !== 'US' || set(s.stateCode);
}

const PERSONAL_INFO_ATTRIBUTES = ['id', 'firstName', 'lastName', 'dateOfBirth', 'mobilePhone', 'street1', 'city', 'zip', 'countryCode', 'stateCode'] as const;

/** The steps rows of many applications in one query: applicationId → step → row. */
export async function completedStepsOf(applicationIds: number[], transaction?: Transaction): Promise<Map<number, Map<Step, ApplicationStep>>> {
  const out = new Map<number, Map<Step, ApplicationStep>>();
  if (!applicationIds.length) return out;
  const rows = await ApplicationStep.findAll({ where: { applicationId: applicationIds }, transaction });
  for (const row of rows) {
    if (!out.has(row.applicationId)) out.set(row.applicationId, new Map());
    out.get(row.applicationId)!.set(row.step, row);
  }
  return out;
}

/** The steps an application shows: every step its flow lists or it has completed, in flow order. */
export function stepsDto(flow: Flow, done: Map<Step, ApplicationStep> | undefined): StepDto[] {
  const steps = new Set<Step>([...flow.listed, ...(done?.keys() ?? [])]);
  return [...steps].sort(byOrder).map((step) => {
    const row = done?.get(step);
    return { step, required: flow.required.has(step), completed: Boolean(row), completedAt: row?.completedAt ?? null };
  });
}

/**
 * Records a flow step as complete (idempotent: an already complete step keeps its first time and
 * author). Callers check the step's condition first; this only writes.
 */
export async function markStepComplete(applicationId: number, step: Step, actor: Actor, transaction: Transaction): Promise<void> {
  const existing = await ApplicationStep.findOne({ where: { applicationId, step }, attributes: ['id'], transaction });
  if (existing) return;
  await ApplicationStep.create({ applicationId, step, completedAt: new Date(), completedById: actor.userId, completedByName: actor.name }, { transaction });
}

/** Removes a completed step (a condition that no longer holds, e.g. the document was cleared). */
export async function clearStep(applicationId: number, step: Step, transaction: Transaction): Promise<void> {
  await ApplicationStep.destroy({ where: { applicationId, step }, transaction });
}

/**
 * Whether a step's condition holds now. QUESTIONNAIRE needs at least one answer, DOCUMENT_UPLOAD a
 * document name, COMPLETE_PERSONAL_INFO the student's personal info. The others (ADMIN_APPROVAL,
 * COMPLETE_ACM_REQUIREMENTS: staff decisions; ENROLLMENT_AGREEMENT: the signed envelope) have no
 * condition of their own here.
 */
export async function stepRefusal(application: Application, step: Step, transaction?: Transaction): Promise<Refusal | null> {
  switch (step) {
    case 'COMPLETE_PERSONAL_INFO': {
      const student = await Student.findByPk(application.studentId, { attributes: [...PERSONAL_INFO_ATTRIBUTES], transaction });
      return student && personalInfoComplete(student) ? null : { code: 'PERSONAL_INFO_INCOMPLETE', message: Messages.PERSONAL_INFO_INCOMPLETE };
    }
    case 'QUESTIONNAIRE': {
      const answers = await ApplicationAnswer.count({ where: { applicationId: application.id }, transaction });
      return answers > 0 ? null : { code: 'QUESTIONNAIRE_INCOMPLETE', message: Messages.QUESTIONNAIRE_INCOMPLETE };
    }
    case 'DOCUMENT_UPLOAD':
      return application.documentName && application.documentName.trim() ? null : { code: 'DOCUMENT_REQUIRED', message: Messages.DOCUMENT_REQUIRED };
    default:
      return null;
  }
}

/**
 * Everything that stops a submit (→ APPLIED), in the order the portal's steps go: the classes, the
 * required steps (personal info and documents checked live; the questionnaire must have been
 * completed), the plan and the payment method.
 */
export async function submitRefusals(application: Application, transaction?: Transaction): Promise<Refusal[]> {
  const out: Refusal[] = [];
  const flow = await flowOf(application.productId, transaction);
  const programs = await programsOfProduct(application.productId, transaction);
  const chosen = await ApplicationCohort.findAll({ where: { applicationId: application.id }, attributes: ['programId'], raw: true, transaction });
  const chosenPrograms = new Set(chosen.map((c) => c.programId));
  if (!programs.length || programs.some((p) => !chosenPrograms.has(p))) out.push({ code: 'NO_COURSE_SELECTED', message: Messages.NO_COURSE_SELECTED });
  const done = (await completedStepsOf([application.id], transaction)).get(application.id);
  if (flow.required.has('COMPLETE_PERSONAL_INFO')) {
    const refusal = await stepRefusal(application, 'COMPLETE_PERSONAL_INFO', transaction);
    if (refusal) out.push(refusal);
  }
  if (flow.required.has('QUESTIONNAIRE')) {
    if (!done?.has('QUESTIONNAIRE')) out.push({ code: 'QUESTIONNAIRE_INCOMPLETE', message: Messages.QUESTIONNAIRE_INCOMPLETE });
  }
  if (flow.required.has('DOCUMENT_UPLOAD')) {
    const refusal = await stepRefusal(application, 'DOCUMENT_UPLOAD', transaction);
    if (refusal) out.push(refusal);
  }
  if (!application.productPaymentPlanId || !(await ProductPaymentPlan.count({ where: { id: application.productPaymentPlanId, productId: application.productId }, transaction }))) {
    out.push({ code: 'NO_PAYMENT_PLAN_SELECTED', message: Messages.NO_PAYMENT_PLAN_SELECTED });
  }
  if (!application.paymentMethodId || !(await PaymentMethod.count({ where: { id: application.paymentMethodId, studentId: application.studentId, deleted: false }, transaction }))) {
    out.push({ code: 'PAYMENT_METHOD_REQUIRED', message: Messages.PAYMENT_METHOD_REQUIRED });
  }
  return out;
}

/** The steps of one application and whether it could be submitted now (POST /applications/{id}/progress). */
export async function progressOf(application: Application, transaction?: Transaction) {
  const flow = await flowOf(application.productId, transaction);
  const done = (await completedStepsOf([application.id], transaction)).get(application.id);
  const missing = application.status === 'CREATED' ? await submitRefusals(application, transaction) : [];
  return {
    steps: stepsDto(flow, done),
    canSubmit: application.status === 'CREATED' && missing.length === 0,
    missing: missing.map((m) => m.message),
  };
}
