import { Op, type Transaction } from 'sequelize';
import { Application, ApplicationCohort, Enrollment } from '../../models';
import { Messages } from '../../models/messages';
import { registerArchiveGuard, type ArchiveRefusal } from '../catalogue/archive-guards';

/**
 * The enrollment area's archive blocks (domain rules "Catalogue"; back-office §4): a cohort with an
 * ACTIVE enrollment or an active application that chose it, a product with an active application.
 * Active = still going somewhere: not CANCELLED, REJECTED, ARCHIVED, WITHDRAWN or TRANSFERRED.
 */

export const INACTIVE_APPLICATION_STATUSES = ['CANCELLED', 'REJECTED', 'ARCHIVED', 'WITHDRAWN', 'TRANSFERRED'] as const;
const active = { [Op.notIn]: [...INACTIVE_APPLICATION_STATUSES] };

export async function cohortGuard(cohortId: number, transaction: Transaction): Promise<ArchiveRefusal | null> {
  const enrolled = await Enrollment.findOne({ where: { cohortId, status: 'ACTIVE' }, attributes: ['id'], transaction });
  if (enrolled) return { code: 'COHORT_HAS_ACTIVE_ENROLLMENTS', message: Messages.COHORT_HAS_ACTIVE_ENROLLMENTS };
  const applied = await ApplicationCohort.findOne({
    where: { cohortId },
    attributes: ['id'],
    include: [{ model: Application, as: 'application', attributes: [], required: true, where: { status: active } }],
    transaction,
  });
  if (applied) return { code: 'COHORT_HAS_ACTIVE_APPLICATIONS', message: Messages.COHORT_HAS_ACTIVE_APPLICATIONS };
  return null;
}

export async function productGuard(productId: number, transaction: Transaction): Promise<ArchiveRefusal | null> {
  const applied = await Application.findOne({ where: { productId, status: active }, attributes: ['id'], transaction });
  return applied ? { code: 'PRODUCT_HAS_ACTIVE_APPLICATIONS', message: Messages.PRODUCT_HAS_ACTIVE_APPLICATIONS } : null;
}

/** Registers both guards (idempotent: the registry keeps one of each function). */
export function registerApplicationArchiveGuards(): void {
  registerArchiveGuard('cohort', cohortGuard);
  registerArchiveGuard('product', productGuard);
}
