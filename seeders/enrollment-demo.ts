/**
 * Demo applications (issue 5) so the console's enrollments screen has data on a fresh installation:
 * four generated students applying to the demo HCTP product — one still CREATED (a class picked),
 * one APPLIED, one SIGNED (agreement signed) and one ENROLLED through the status machine (its
 * enrollments, payment plan and schedule issued as staff would). The demo student who signs in
 * (student@example.com) is left without an application so the portal's steps can be tried from the
 * start. Written in the caller's transaction; skipped when any of those students already has an
 * application, so a second run adds nothing.
 */
import { Op, type Transaction } from 'sequelize';
import { Application, ApplicationAnswer, ApplicationCohort, ApplicationStep, Cohort, Envelope, PaymentMethod, Product, ProductItem, ProductPaymentPlan, Student } from '../models';
import type { ApplicationStatus, EnrollmentFlowStep, Of } from '../models/enums';
import { personalInfoComplete } from '../api/applications/flow';
import { changeStatus } from '../api/applications/status';
import { renderAgreement } from '../api/envelopes/agreement';
import { DEMO_PROGRAM_NAME } from './catalogue-demo';
import type { PaymentGateway } from '../api/integrations/gateway';

const SYSTEM = { updatedById: null, updatedByName: 'System' } as const;
const ACTOR = { userId: null, name: 'System' };

type Stage = { status: Of<typeof ApplicationStatus>; classes: 'first' | 'all'; plan: boolean };
const STAGES: Stage[] = [
  { status: 'CREATED', classes: 'first', plan: false },
  { status: 'APPLIED', classes: 'all', plan: true },
  { status: 'SIGNED', classes: 'all', plan: true },
  { status: 'ENROLLED', classes: 'all', plan: true },
];

/** Seeds the demo applications for the first suitable students among `emails` (see the file comment). */
export async function seedEnrollmentDemo(transaction: Transaction, emails: string[], gateway: PaymentGateway, now = new Date()): Promise<void> {
  const product = await Product.findOne({ where: { name: { [Op.like]: `${DEMO_PROGRAM_NAME} (%` }, flowType: 'HCTP', deleted: false }, order: [['id', 'ASC']], transaction });
  if (!product) return;
  const items = await ProductItem.findAll({ where: { productId: product.id }, include: [{ model: Cohort, as: 'cohort' }], order: [['id', 'ASC']], transaction });
  const cohorts = items.map((i) => i.cohort).filter((c): c is Cohort => Boolean(c));
  // One class per program (the product's first of each).
  const byProgram: Cohort[] = [];
  for (const c of cohorts) if (!byProgram.some((b) => b.programId === c.programId)) byProgram.push(c);
  const plan = await ProductPaymentPlan.findOne({ where: { productId: product.id }, order: [['id', 'DESC']], transaction });
  if (!byProgram.length || !plan) return;

  const candidates = await Student.findAll({ where: { email: emails.slice(0, 60), active: true, archived: false, countryCode: 'US' }, order: [['id', 'ASC']], transaction });
  const chosen = candidates.filter((s) => personalInfoComplete(s)).slice(0, STAGES.length);
  if (chosen.length < STAGES.length) return;
  if (await Application.count({ where: { studentId: chosen.map((s) => s.id) }, transaction })) return;

  for (const [i, stage] of STAGES.entries()) {
    const student = chosen[i];
    const at = new Date(now.getTime() - (STAGES.length - i) * 3 * 86_400_000);
    // A card the gateway can charge (the demo's ENROLLED application is charged its deposit).
    const attached = await gateway.attachCard('tok_visa', { studentId: student.id, email: student.email, customerId: null });
    const card = await PaymentMethod.create(
      {
        studentId: student.id,
        gateway: gateway.name,
        gatewayCustomerId: attached.customerId,
        gatewayMethodId: attached.methodId,
        fingerprint: `fp_demo_${student.id}`,
        brand: attached.brand,
        last4: attached.last4,
        expMonth: attached.expMonth,
        expYear: attached.expYear,
        isDefault: true,
        createdAt: at,
        updatedAt: at,
      },
      { transaction },
    );
    const submitted = stage.status !== 'CREATED';
    const application = await Application.create(
      {
        studentId: student.id,
        productId: product.id,
        productPaymentPlanId: stage.plan ? plan.id : null,
        businessCategoryId: byProgram[0].businessCategoryId,
        status: stage.status === 'ENROLLED' ? 'SIGNED' : stage.status,
        flowType: product.flowType,
        source: 'WEBSITE',
        opportunityId: null,
        autoPay: student.autoPay,
        documentName: null,
        documentType: null,
        voucherId: null,
        paymentMethodId: submitted ? card.id : null,
        appliedAt: submitted ? at : null,
        enrolledAt: null,
        statusChangedAt: at,
        createdAt: at,
        updatedAt: at,
        ...SYSTEM,
      },
      { transaction },
    );
    const classes = stage.classes === 'all' ? byProgram : byProgram.slice(0, 1);
    await ApplicationCohort.bulkCreate(
      classes.map((c) => ({ applicationId: application.id, programId: c.programId, cohortId: c.id })),
      { transaction },
    );
    if (!student.isStudent && submitted) await student.update({ isStudent: true }, { transaction, silent: true });
    if (!submitted) continue;

    await ApplicationAnswer.bulkCreate(
      [
        { applicationId: application.id, questionId: 'motivation', content: 'I want to help my clients build lasting habits.' },
        { applicationId: application.id, questionId: 'experience', content: 'Ten years in nursing; I coach colleagues informally.' },
      ],
      { transaction },
    );
    const steps: Array<Of<typeof EnrollmentFlowStep>> = ['COMPLETE_PERSONAL_INFO', 'QUESTIONNAIRE'];
    if (stage.status !== 'APPLIED') steps.push('ENROLLMENT_AGREEMENT');
    await ApplicationStep.bulkCreate(
      steps.map((step) => ({ applicationId: application.id, step, completedAt: at, completedById: null, completedByName: `${student.firstName} ${student.lastName}` })),
      { transaction },
    );
    if (stage.status === 'APPLIED') continue;

    const rendered = await renderAgreement(application.id, transaction);
    await Envelope.create(
      {
        applicationId: application.id,
        studentId: student.id,
        status: 'SIGNED',
        title: rendered.title,
        content: rendered.content,
        contentSha256: rendered.sha256,
        signedName: `${student.firstName} ${student.lastName}`,
        signedAt: at,
        signedIp: '203.0.113.10',
        signedSha256: rendered.sha256,
        voidedAt: null,
        ...SYSTEM,
      },
      { transaction },
    );
    if (stage.status === 'ENROLLED') await changeStatus(application.id, 'ENROLLED', ACTOR, { transaction, bySystem: true });
  }
}
