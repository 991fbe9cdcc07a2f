import type { Transaction } from 'sequelize';
import { Cohort, Program } from '../../models';
import { cohortLabel } from '../../models/catalogue';

/** The stored label of one cohort of `program` (the spec's label rule, models/catalogue.ts). */
export function labelOf(cohort: Pick<Cohort, 'customName' | 'startDate' | 'endDate'>, program: Pick<Program, 'name' | 'durationType'>): string {
  return cohortLabel({ customName: cohort.customName, programName: program.name, durationType: program.durationType, startDate: cohort.startDate, endDate: cohort.endDate });
}

/**
 * After a program's name, duration type or business category changed: rewrites the label and the
 * copied business category of each of its cohorts, inside the caller's transaction.
 */
export async function refreshProgramCohorts(program: Program, transaction: Transaction): Promise<void> {
  const cohorts = await Cohort.findAll({ where: { programId: program.id }, attributes: ['id', 'customName', 'startDate', 'endDate', 'label', 'businessCategoryId'], transaction });
  for (const cohort of cohorts) {
    const label = labelOf(cohort, program);
    if (label !== cohort.label || cohort.businessCategoryId !== program.businessCategoryId) {
      await Cohort.update({ label, businessCategoryId: program.businessCategoryId }, { where: { id: cohort.id }, transaction, silent: true });
    }
  }
}
