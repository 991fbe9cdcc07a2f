import { Op, Sequelize, type WhereOptions } from 'sequelize';
import { Application } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { standingSql } from '../billing/standing';
import { criteriaWhere, likePrefix } from '../common/list';
import { applicationCriteria, SUBQUERY_KEYS, type ApplicationCriteria } from './applications.schemas';

/**
 * The applications filter (back-office §3) → where conditions on the applications table. Keys on the
 * row use the shared translation; the others are `IN (subquery)` conditions on indexed columns of
 * the tables that hold them (application_cohorts, student_payment_plans + payment_schedules,
 * students), so a list stays one id query however many filters are set.
 */

const escape = (v: unknown) => Application.sequelize!.escape(v as string);
const list = (values: Array<string | number>) => values.map((v) => escape(v)).join(',');
const ints = (values: number[]) =>
  values
    .map((v) => Number(v))
    .filter(Number.isInteger)
    .join(',');
const inSql = (column: string, sql: string): WhereOptions => ({ [column]: { [Op.in]: Sequelize.literal(`(${sql})`) } });

/**
 * A keyword: a number is an application id (or a student id); words match the student's first
 * name, last name or email as prefixes (every word must match one of them).
 */
export function keywordCondition(keyword: string | null | undefined): WhereOptions | null {
  const words = (keyword ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (!words.length) return null;
  const dialect = Application.sequelize!.getDialect();
  const perWord = words.map((w) => {
    const like = escape(likePrefix(w, dialect));
    return `(s.first_name LIKE ${like} OR s.last_name LIKE ${like} OR s.email LIKE ${like})`;
  });
  const byStudent = inSql('studentId', `SELECT s.id FROM students s WHERE ${perWord.join(' AND ')}`);
  if (words.length === 1 && /^\d{1,9}$/.test(words[0])) return { [Op.or]: [{ id: Number(words[0]) }, { studentId: Number(words[0]) }, byStudent] };
  return byStudent;
}

export function criteriaConditions(criteria: Partial<ApplicationCriteria>): WhereOptions[] {
  const dialect = Application.sequelize!.getDialect();
  const direct = Object.fromEntries(Object.entries(criteria).filter(([k]) => !(SUBQUERY_KEYS as readonly string[]).includes(k)));
  const out = criteriaWhere(applicationCriteria, direct, dialect);

  const cohortIds = criteria.cohortIds ?? [];
  if (cohortIds.length) out.push(inSql('id', `SELECT ac.application_id FROM application_cohorts ac WHERE ac.cohort_id IN (${ints(cohortIds)})`));
  const programIds = criteria.programIds ?? [];
  if (programIds.length) out.push(inSql('id', `SELECT ac.application_id FROM application_cohorts ac WHERE ac.program_id IN (${ints(programIds)})`));

  const due = criteria.paymentDueDate;
  if (due?.from) {
    // A schedule entry due in the range and not fully paid.
    const range = due.to ? `ps.due_date BETWEEN ${escape(due.from)} AND ${escape(due.to)}` : `ps.due_date >= ${escape(due.from)}`;
    out.push(
      inSql(
        'id',
        `SELECT spp.application_id FROM payment_schedules ps JOIN student_payment_plans spp ON spp.id = ps.student_payment_plan_id WHERE ${range} AND ps.paid_amount < ps.amount`,
      ),
    );
  }
  const paymentStatuses = criteria.paymentStatuses ?? [];
  if (paymentStatuses.length) {
    // The financial status today, from the plans' dates (billing/standing.ts), not the column the nightly recompute writes.
    const { op, sql } = standingSql(Application.sequelize!, schoolToday()).applicationIdsWithStatus(paymentStatuses);
    out.push({ id: { [op === 'in' ? Op.in : Op.notIn]: Sequelize.literal(`(${sql})`) } });
  }
  const planStatuses = criteria.paymentPlanStatuses ?? [];
  if (planStatuses.length) out.push(inSql('id', `SELECT spp.application_id FROM student_payment_plans spp WHERE spp.status IN (${list(planStatuses)})`));

  const loc = criteria.locations;
  if (loc) {
    const parts: string[] = [];
    if (loc.countryCode) parts.push(`s.country_code = ${escape(loc.countryCode.toUpperCase())}`);
    if (loc.stateCode) parts.push(`s.state_code = ${escape(loc.stateCode.toUpperCase())}`);
    if (loc.city) parts.push(`s.city LIKE ${escape(likePrefix(loc.city, dialect))}`);
    if (loc.zip) parts.push(`s.zip LIKE ${escape(likePrefix(loc.zip, dialect))}`);
    if (parts.length) out.push(inSql('studentId', `SELECT s.id FROM students s WHERE ${parts.join(' AND ')}`));
  }
  const keyword = keywordCondition(criteria.keyword);
  if (keyword) out.push(keyword);
  return out;
}

/** Conditions → one where (for the summary's grouped count). */
export function whereOf(conditions: Array<WhereOptions | null | undefined>): WhereOptions {
  const parts = conditions.filter(Boolean) as WhereOptions[];
  return parts.length === 0 ? {} : parts.length === 1 ? parts[0] : { [Op.and]: parts };
}
