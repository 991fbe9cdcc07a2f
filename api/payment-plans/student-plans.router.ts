import type { Ctx, Deps } from '../common/context';
import { ownStudent, route } from '../common/route';
import {
  autoPayBody,
  bankruptcyBody,
  blockedBody,
  financialStatusBody,
  findByKeywordBody,
  planExportQuery,
  planIdParams,
  planMethodParams,
  studentIdParams,
  studentPlanCriteriaSchema,
  studentPlanListQuery,
  studentPlanUpdateBody,
} from './student-plans.schemas';
import * as plans from './student-plans.service';
import { planDetailAnswer, planPage } from '../../domain/contract/billing';

/**
 * /api/payment_plans (back-office spec §7 "Payment plans and payments"): students' payment plans.
 * Reads need `payment_plans:read`, edits `payment_plans:update`; a student may turn auto-pay on or
 * off on their own plan. The literal paths come before /:id so they are not read as ids.
 */
export function studentPlanRoutes(_deps: Deps) {
  const ownPlan = async (ctx: Ctx<{ id: number }, unknown, unknown>) => ctx.auth?.studentId !== undefined && (await plans.planStudentId(ctx.params.id)) === ctx.auth.studentId;
  return [
    route({
      method: 'get',
      path: '/',
      answer: planPage,
      summary: "List students' payment plans (keyword on student name or email, plan name, plan or application id)",
      access: 'payment_plans:read',
      query: studentPlanListQuery,
      handle: ({ query }) => plans.listPlans(query),
    }),
    route({
      method: 'post',
      path: '/find_by_keyword',
      answer: planPage,
      summary: 'List payment plans by { keyword }',
      access: 'payment_plans:read',
      query: studentPlanListQuery,
      body: findByKeywordBody,
      handle: ({ query, body }) => plans.listPlans(query, body.keyword ?? query.keyword),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: planPage,
      summary:
        'Search payment plans (students, applicationIds, statuses, financialStatuses, paymentPlanTypes, autoPay, migrated, paymentAccountBlocked, bankruptcy, balance, totalPaid, daysOverdue, nextDueDate, sources, updatedAt)',
      access: 'payment_plans:read',
      query: studentPlanListQuery,
      body: studentPlanCriteriaSchema,
      handle: ({ query, body }) => plans.findPlansByCriteria(query, body),
    }),
    route({
      method: 'post',
      path: '/financial_status',
      summary: 'Financial status of the plans matching the criteria (paged)',
      access: 'payment_plans:read',
      query: studentPlanListQuery,
      body: studentPlanCriteriaSchema,
      handle: ({ query, body }) => plans.financialStatusReport(query, body),
    }),
    route({
      method: 'post',
      path: '/financial_status_csv',
      summary: 'Financial status of the plans matching the criteria, as CSV (streamed)',
      access: 'payment_plans:read',
      body: studentPlanCriteriaSchema,
      handle: ({ body }) => plans.financialStatusCsv(body),
    }),
    route({
      method: 'get',
      path: '/export',
      summary: 'Payment plans as CSV (streamed; status, financialStatus, migrated)',
      access: 'payment_plans:read',
      query: planExportQuery,
      handle: ({ query }) => plans.exportPlans(query),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: planDetailAnswer,
      summary: 'A payment plan with its terms, breakdown, pay-off figures and schedule',
      access: 'payment_plans:read',
      params: planIdParams,
      handle: ({ params }) => plans.getPlanDetail(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Edit a payment plan (name, description, autoPay; installmentAmount only while nothing is paid: 409 ALREADY_PROCESSED)',
      access: 'payment_plans:update',
      params: planIdParams,
      body: studentPlanUpdateBody,
      handle: ({ params, body, actor }) => plans.updatePlan(params.id, body, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/payment_account_blocked',
      summary: 'Block or unblock payments on the plan',
      access: 'payment_plans:update',
      params: planIdParams,
      body: blockedBody,
      handle: ({ params, body, actor }) => plans.setPaymentAccountBlocked(params.id, body.paymentAccountBlocked, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/bankruptcy',
      summary: 'Set or lift bankruptcy on the plan',
      access: 'payment_plans:update',
      params: planIdParams,
      body: bankruptcyBody,
      handle: ({ params, body, actor }) => plans.setBankruptcy(params.id, body.bankruptcy, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/financial_status',
      summary: 'Set the financial status by hand (plan and application) on a plan in bankruptcy or closed (409 FINANCIAL_STATUS_FOLLOWS_DAYS_OVERDUE on an ACTIVE plan)',
      access: 'payment_plans:update',
      params: planIdParams,
      body: financialStatusBody,
      handle: ({ params, body, actor }) => plans.setFinancialStatus(params.id, body.financialStatus, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/payment_method/:methodId',
      summary: "Charge the plan (and its pending entries) to another of the student's cards",
      access: 'payment_plans:update',
      params: planMethodParams,
      handle: ({ params, actor }) => plans.setPlanPaymentMethod(params.id, params.methodId, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/mark_as_concluded',
      summary: 'Conclude an ACTIVE plan (409 ALREADY_PROCESSED otherwise)',
      access: 'payment_plans:update',
      params: planIdParams,
      handle: ({ params, actor }) => plans.markAsConcluded(params.id, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/auto_pay',
      summary: "Turn auto-pay on or off (plan and application; the plan's student may too)",
      access: 'payment_plans:update',
      self: ownPlan,
      params: planIdParams,
      body: autoPayBody,
      handle: ({ params, body, actor }) => plans.setAutoPay(params.id, body.autoPay, actor),
    }),
  ];
}

/** /api/students/{id}/payment_plans: a student's plans as PlanDetails (the student, or staff with payment_plans:read). */
export function studentOwnPlanRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id/payment_plans',
      answer: planDetailAnswer.array(),
      summary: "A student's payment plans with terms, breakdown, pay-off figures and schedule (newest first)",
      access: 'payment_plans:read',
      self: ownStudent,
      params: studentIdParams,
      handle: ({ params }) => plans.listStudentPlans(params.id),
    }),
  ];
}
