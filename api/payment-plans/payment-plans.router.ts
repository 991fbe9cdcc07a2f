import type { Deps } from '../common/context';
import { route } from '../common/route';
import { generateBody } from './payment-plans.schemas';
import { previewSchedule } from './payment-plans.service';

/** /api/payment_plans: for now the schedule preview; student plans come with enrollment (issue 5). */
export function paymentPlanRoutes(_deps: Deps) {
  return [
    route({
      method: 'post', path: '/generate', summary: 'Preview the payment schedule of a product payment plan or of given terms (nothing is saved)', access: 'payment_plans:read', body: generateBody,
      handle: ({ body }) => previewSchedule(body),
    }),
  ];
}
