import type { Deps } from '../common/context';
import { route } from '../common/route';
import { generateBody } from './payment-plans.schemas';
import { previewSchedule } from './payment-plans.service';

/**
 * /api/payment_plans: the schedule preview. Anyone signed in may preview (the portal shows a student
 * the plan they are choosing); nothing is saved. Student plans are read through their application.
 */
export function paymentPlanRoutes(_deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/generate',
      summary: 'Preview the payment schedule of a product payment plan or of given terms (nothing is saved)',
      access: 'authenticated',
      body: generateBody,
      handle: ({ body }) => previewSchedule(body),
    }),
  ];
}
