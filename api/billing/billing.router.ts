import { z } from 'zod';
import { id } from '../../models/validation';
import type { Deps } from '../common/context';
import { ownStudent, route } from '../common/route';
import { accountHistory, accountHistoryQuery } from './account-history';
import { billingDashboard } from './dashboard';
import { billingDashboardAnswer, ledgerPage } from '../../domain/contract/billing';

/** /api/billing: the console's billing dashboard (`payment_plans:read`). */
export function billingRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/dashboard',
      answer: billingDashboardAnswer,
      summary: 'Billing figures: collections, past due, next 30 days, plans by financial status, collected by month, due by week',
      access: 'payment_plans:read',
      handle: () => billingDashboard(),
    }),
  ];
}

/** /api/students/{id}/account_history: the student's ledger (the student, or staff with payments:read). */
export function accountHistoryRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id/account_history',
      answer: ledgerPage,
      summary: "A student's account history (applicationId; size 10, sorted by eventDate ascending by default)",
      access: 'payments:read',
      self: ownStudent,
      params: z.object({ id: id() }),
      query: accountHistoryQuery,
      handle: ({ params, query, auth }) => accountHistory(params.id, query, auth),
    }),
  ];
}
