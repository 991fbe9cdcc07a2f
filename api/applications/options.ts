import type { Transaction } from 'sequelize';
import { Application, BusinessCategoryPaymentPlan, Cohort, Product, ProductItem, ProductPaymentPlan, Program } from '../../models';
import { AppError } from '../common/errors';
import { scheduleDto } from '../payment-plans/payment-plans.service';
import { productPlanName } from './applications.dto';
import { quotePlan, voucherOf } from './quote';
import { seatsTaken } from './status';
import { toDollars } from '../../domain/money';

/**
 * What an application may choose (GET /applications/{id}/options): the classes of each program its
 * product sells (archived or cancelled classes left out; seats left where a limit is set) and the
 * product's payment plans, each with the application's quote on it (`quotePlan`): the voucher's
 * discount on that plan and the schedule preview — what the agreement and the issued plan will say.
 */

const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** The classes a product sells, grouped by program (program by name, classes by start date). */
export async function classesOf(productId: number, transaction?: Transaction) {
  const items = await ProductItem.findAll({
    where: { productId },
    include: [
      {
        model: Cohort,
        as: 'cohort',
        attributes: ['id', 'label', 'programId', 'startDate', 'endDate', 'maxStudents', 'status', 'deleted'],
        include: [{ model: Program, as: 'program', attributes: ['id', 'name'] }],
      },
    ],
    transaction,
  });
  const cohorts = items.map((i) => i.cohort).filter((c): c is Cohort => Boolean(c) && !c!.deleted && c!.status !== 'ARCHIVED' && c!.status !== 'CANCELLED');
  const seats = await seatsTaken(
    cohorts.filter((c) => c.maxStudents !== null).map((c) => c.id),
    transaction,
  );
  const programs = new Map<
    number,
    { id: number; name: string; cohorts: Array<{ id: number; label: string; startDate: string | null; endDate: string | null; seatsLeft: number | null }> }
  >();
  for (const c of cohorts) {
    if (!programs.has(c.programId)) programs.set(c.programId, { id: c.programId, name: c.program?.name ?? '', cohorts: [] });
    programs.get(c.programId)!.cohorts.push({
      id: c.id,
      label: c.label,
      startDate: c.startDate,
      endDate: c.endDate,
      seatsLeft: c.maxStudents === null ? null : Math.max(0, Number(c.maxStudents) - (seats.get(c.id) ?? 0)),
    });
  }
  const out = [...programs.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  for (const p of out) p.cohorts.sort((a, b) => (a.startDate ?? '9999').localeCompare(b.startDate ?? '9999') || a.id - b.id);
  return out;
}

export async function applicationOptions(applicationId: number) {
  const application = await Application.findByPk(applicationId, { attributes: ['id', 'productId', 'productPaymentPlanId', 'voucherId', 'voucherDiscount'] });
  if (!application) throw AppError.notFound('Application');
  const product = await Product.findByPk(application.productId, { attributes: ['id', 'name', 'flowType', 'cost'] });
  if (!product) throw AppError.notFound('Product');
  const plans = await ProductPaymentPlan.findAll({
    where: { productId: product.id },
    order: [['id', 'ASC']],
    include: [{ model: BusinessCategoryPaymentPlan, as: 'paymentPlan' }],
  });
  const voucher = await voucherOf(application);
  const paymentPlans = [];
  for (const plan of plans) {
    const t = plan.paymentPlan;
    if (!t) continue;
    let preview: ReturnType<typeof scheduleDto> | null = null;
    let voucherDiscount: number | null = null;
    try {
      const quote = await quotePlan(application, plan.id, { voucher });
      preview = scheduleDto(quote.schedule);
      voucherDiscount = toDollars(quote.voucherDiscountCents);
    } catch (err) {
      // A plan whose terms cannot make a schedule (or a discount above its principal) shows no preview.
      if (!(err instanceof AppError)) throw err;
    }
    paymentPlans.push({
      id: plan.id,
      name: productPlanName(plan),
      shortDescription: plan.shortDescription,
      longDescription: plan.longDescription,
      paymentPlanType: t.paymentPlanType,
      paymentScheduleType: t.paymentScheduleType,
      totalTerm: t.totalTerm,
      depositAmount: num(t.depositAmount),
      installmentAmount: num(t.installmentAmount),
      annualPercentageRate: num(t.annualPercentageRate ?? t.interestRate),
      voucherDiscount,
      preview,
    });
  }
  return {
    product: { id: product.id, name: product.name, flowType: product.flowType, cost: num(product.cost) },
    programs: await classesOf(product.id),
    paymentPlans,
  };
}
