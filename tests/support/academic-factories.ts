import { Application, Enrollment, GraduationRequirement, Program } from '../../models';
import type { Deps } from '../../api/common/context';
import { schoolToday } from '../../models/catalogue';
import { addDays } from '../../domain/rules/academics';
import { circleCohort, enroll } from './circle-factories';
import type { EnrollableProduct } from './enrollment-factories';
import type { Cohort } from '../../models';
import { makeStudent } from './factories';

/** Issue 21's fixtures: a class (cohort) of a program with graduation requirements, and students enrolled in it. */

export interface AcademicFixture {
  p: EnrollableProduct & { cohort: Cohort };
  program: Program;
  cohort: Cohort;
  requirements: GraduationRequirement[];
}

export const today = () => schoolToday();
export const daysFromToday = (n: number) => addDays(schoolToday(), n);

type RequirementInput = Partial<GraduationRequirement['_creationAttributes']> & { type: GraduationRequirement['type'] };

/**
 * A cohort that ended `endedDaysAgo` days ago (negative: still running), its program's limit and
 * Accredible group, and its requirements (default: a QUIZ of 4 with a minimum score of 70, and a
 * COACHING_CIRCLE of 2).
 */
export async function academicCohort(
  opts: {
    endedDaysAgo?: number;
    graduationLimitDays?: number | null;
    extendedGraduationDate?: string | null;
    accredibleGroupId?: string | null;
    requirements?: RequirementInput[];
  } = {},
): Promise<AcademicFixture> {
  const ended = opts.endedDaysAgo ?? 10;
  const p = await circleCohort({ startDate: addDays(schoolToday(), -ended - 180), endDate: addDays(schoolToday(), -ended) });
  const cohort = await p.cohort.update({ extendedGraduationDate: opts.extendedGraduationDate ?? null });
  const program = await p.programs[0].update({
    graduationLimitDays: opts.graduationLimitDays === undefined ? 30 : opts.graduationLimitDays,
    accredibleGroupId: opts.accredibleGroupId ?? null,
  });
  const inputs = opts.requirements ?? [
    { type: 'QUIZ', name: 'Quizzes', total: 4, minScore: 70 },
    { type: 'COACHING_CIRCLE', name: 'Coaching circles', total: 2 },
  ];
  const requirements: GraduationRequirement[] = [];
  let order = 1;
  for (const r of inputs) {
    requirements.push(
      await GraduationRequirement.create({
        programId: program.id,
        name: r.name ?? `${r.type} requirement`,
        total: r.total ?? null,
        requirement: null,
        minRequiredToComplete: r.minRequiredToComplete ?? null,
        minRequiredToPass: r.minRequiredToPass ?? null,
        minScore: r.minScore ?? null,
        displayOrder: order++,
        quizCategoryId: null,
        assignmentCategoryId: null,
        updatedById: null,
        updatedByName: null,
        ...r,
      } as GraduationRequirement['_creationAttributes']),
    );
  }
  return { p: { ...p, cohort }, program, cohort, requirements };
}

/** A student with a token enrolled (ACTIVE) in the fixture's cohort, and the enrollment. */
export async function enrolledIn(deps: Deps, f: AcademicFixture, overrides: Parameters<typeof makeStudent>[1] = {}) {
  const s = await makeStudent(deps, overrides);
  const enrollment = await enroll(s.student.id, f.p);
  const application = (await Application.findByPk(enrollment.applicationId))!;
  return { ...s, enrollment, application };
}

export async function reloadEnrollment(id: number) {
  return (await Enrollment.findByPk(id))!;
}
