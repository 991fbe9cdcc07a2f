import type { Deps } from '../common/context';
import { route } from '../common/route';
import { enrollmentListQuery, type EnrollmentListQuery } from './enrollments.schemas';
import { listEnrollments } from './enrollments.service';
import { enrollmentPage } from '../../domain/contract/enrollments';

/** /api/enrollments: the enrollments list (staff; ACTIVE by default). */
export function enrollmentRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: enrollmentPage,
      summary: 'List enrollments (studentId, cohortId, programId, statuses — ACTIVE by default; size 50, at most 200)',
      access: 'applications:read',
      query: enrollmentListQuery,
      handle: ({ query }) => listEnrollments(query as EnrollmentListQuery),
    }),
  ];
}
