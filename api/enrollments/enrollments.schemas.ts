import { z } from 'zod';
import { EnrollmentStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { id } from '../../models/validation';
import { pagingQuery, type PagingQuery } from '../common/list';

/** Sorting stays on the enrollments indexes: (status, id) and the id. */
export const enrollmentSortable = { id: 'id', ID: 'id' };

const statuses = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(z.enum(EnrollmentStatus, { error: Messages.INVALID_VALUE }))
    .max(10)
    .default(['ACTIVE']),
);

/** GET /enrollments: studentId, cohortId, programId, statuses (default ACTIVE); size 50 by default, 200 at most. */
export const enrollmentListQuery = pagingQuery(
  { sortable: enrollmentSortable, defaultDescending: true, maxSize: 200 },
  {
    size: z.coerce
      .number()
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .default(50)
      .transform((n) => Math.min(n, 200)),
    studentId: id().optional(),
    cohortId: id().optional(),
    programId: id().optional(),
    statuses,
  },
);
export type EnrollmentListQuery = PagingQuery & { studentId?: number; cohortId?: number; programId?: number; statuses: string[] };
