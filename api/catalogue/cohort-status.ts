import { Op } from 'sequelize';
import { Cohort } from '../../models';
import { schoolToday } from '../../models/catalogue';

/**
 * The nightly cohort-status rule (domain rules, Catalogue), set-wise: one UPDATE per transition,
 * never a loop over rows. First CREATED and ACTIVE cohorts whose end date has passed become
 * COMPLETED (a CREATED cohort that started and ended since the last run goes straight there), then
 * CREATED cohorts whose start date has come become ACTIVE. Archived (deleted), CANCELLED and
 * ARCHIVED cohorts are never touched. The result agrees with `cohortStatusOn` for every cohort.
 * `updatedAt` and `updatedBy` stay as staff left them: the job is not an edit.
 */
export async function recomputeCohortStatuses(today: string = schoolToday()): Promise<{ activated: number; completed: number }> {
  return Cohort.sequelize!.transaction(async (transaction) => {
    const [completed] = await Cohort.update(
      { status: 'COMPLETED' },
      { where: { deleted: false, status: ['CREATED', 'ACTIVE'], startDate: { [Op.lte]: today }, endDate: { [Op.lt]: today } }, transaction, silent: true },
    );
    const [activated] = await Cohort.update({ status: 'ACTIVE' }, { where: { deleted: false, status: 'CREATED', startDate: { [Op.lte]: today } }, transaction, silent: true });
    return { activated, completed };
  });
}
