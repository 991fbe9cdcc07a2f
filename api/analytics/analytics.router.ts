import type { Deps } from '../common/context';
import { route } from '../common/route';
import { analyticsAnswer } from '../../domain/contract/analytics';
import { analyticsBody, analyticsParams } from './analytics.schemas';
import { analytics } from './analytics.service';

/**
 * /api/analytics/admin/{kind}: the dashboard's charts, one aggregate each (analytics.service.ts).
 * `analytics:read`: every seeded staff role holds it (SUPPORT reads too); students and coaches never.
 */
export function analyticsRoutes(deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/admin/:kind',
      answer: analyticsAnswer,
      summary:
        'One chart of the dashboard: kind applications, top_country_enrollments, applications_category, applications_program, applications_product, students_logged, students_gender, applications_cohort, count_students, applications_source, payments_schedules, count_late_payment or transactions_past_due; body startDate, endDate, programId, businessCategoryId, productId, status or statuses, size; answers { labels, series: [{ name, data }], total }',
      access: 'analytics:read',
      params: analyticsParams,
      body: analyticsBody,
      handle: ({ params, body }) => analytics(deps.sequelize, params.kind, body),
    }),
  ];
}
