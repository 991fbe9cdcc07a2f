import type { Deps } from '../common/context';
import { route } from '../common/route';
import { scheduleCriteriaSchema, scheduleExportQuery, scheduleIdParams, scheduleListQuery } from './payment-schedules.schemas';
import * as schedules from './payment-schedules.service';
import { scheduleRowPage } from '../../domain/contract/billing';

/**
 * /api/payment_schedules (back-office spec §7): schedule entries across plans. Reads need
 * `payment_plans:read`; sending a reminder to the student `payment_plans:update`.
 */
export function paymentScheduleRoutes(deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: scheduleRowPage,
      summary: 'Search schedule entries (students, statuses, dueDate, amount, planIds, paymentMethodIds) with their student',
      access: 'payment_plans:read',
      query: scheduleListQuery,
      body: scheduleCriteriaSchema,
      handle: ({ query, body }) => schedules.findSchedulesByCriteria(query, body),
    }),
    route({
      method: 'get',
      path: '/:id/send-equal-notification',
      summary: "Email the entry's student that the installment is due (English or Spanish); 409 ALREADY_PROCESSED when paid",
      access: 'payment_plans:update',
      params: scheduleIdParams,
      handle: ({ params, actor }) => schedules.sendEqualNotification(deps, params.id, actor),
    }),
    route({
      method: 'get',
      path: '/:id/export',
      summary: 'The schedule of payment plan {id} as CSV (fullName, address: add the student columns)',
      access: 'payment_plans:read',
      params: scheduleIdParams,
      query: scheduleExportQuery,
      handle: ({ params, query }) => schedules.exportPlanSchedule(params.id, query),
    }),
  ];
}
