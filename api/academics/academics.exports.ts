import type { Certificate, Enrollment } from '../../models';
import { studentKeywordWhere } from '../common/list';
import { defineExportKind } from '../exports/registry';
import type { CsvFormat } from '../exports/format';
import { academicProgressBody, certificateCriteria, graduationCriteria, type AcademicProgressBody, type CertificateCriteria, type GraduationCriteria } from './academics.schemas';
import { academicListSpec, academicProgressConditions, enrichAcademicRows, graduationConditions, type AcademicRow } from './academics.service';
import { certificateConditions, certificateDto, certificateListSpec } from './certificates.service';

/**
 * Issue 21's exports (platform spec §7 "File export and files"): academic_progress_csv, graduations_csv
 * and certifications_csv, each on its list's own criteria schema and where (so the file holds the rows
 * the list shows for the same criteria and keyword), in id order; each batch of rows is enriched the
 * way the list's page is (three queries a batch).
 */

const studentCells = (r: AcademicRow) => [r.student?.id, r.student?.firstName, r.student?.lastName, r.student?.email];
const requirementsCell = (r: AcademicRow) =>
  r.requirements.map((q) => `${q.name}: ${q.done}/${q.total}${q.score === null ? '' : ` (${q.score.toFixed(2)}%)`}${q.met ? ' ✓' : ''}`).join('; ');
const score = (n: number | null) => (n === null ? '' : n.toFixed(2));

/** A keyword in the criteria (graduations, certificates) applies as the list applies it, unless the export's own keyword does. */
const criteriaKeyword = (spec: typeof academicListSpec | typeof certificateListSpec, keyword: string | null | undefined, own: string | undefined) =>
  !own && keyword ? studentKeywordWhere(spec.model.sequelize!, keyword, spec.studentKeyword!) : null;

defineExportKind<AcademicProgressBody, Enrollment>({
  type: 'academic_progress_csv',
  permission: 'academics:read',
  criteria: academicProgressBody,
  fileName: 'academic-progress',
  header: [
    'Enrollment ID',
    'Student ID',
    'First name',
    'Last name',
    'Email',
    'Program',
    'Class',
    'Enrollment status',
    'Graduation status',
    'Requirements met',
    'Requirements',
    'Average score',
    'Progress',
  ],
  // Nothing before a cohort is chosen, as the list.
  source: (criteria) => ({ spec: academicListSpec, conditions: academicProgressConditions(criteria) ?? [{ id: 0 }] }),
  lines: async (rows, f: CsvFormat) =>
    (await enrichAcademicRows(rows)).map((r) => [
      r.id,
      ...studentCells(r),
      r.programName,
      r.cohortLabel,
      f.label('EnrollmentStatus', r.enrollmentStatus),
      f.label('GraduationStatus', r.graduationStatus),
      r.requirementsDone,
      r.requirementsTotal,
      score(r.score),
      requirementsCell(r),
    ]),
});

defineExportKind<GraduationCriteria, Enrollment>({
  type: 'graduations_csv',
  permission: 'academics:read',
  criteria: graduationCriteria,
  fileName: 'graduations',
  header: [
    'Enrollment ID',
    'Student ID',
    'First name',
    'Last name',
    'Email',
    'Program',
    'Class',
    'Class end',
    'Extended graduation date',
    'Graduation status',
    'Requirements met',
    'Requirements',
    'Graduated',
    'Late',
    'Graduated by',
    'Certificate',
  ],
  source: (criteria, o) => ({ spec: academicListSpec, conditions: [...graduationConditions(criteria), criteriaKeyword(academicListSpec, criteria.keyword, o.keyword)] }),
  lines: async (rows, f: CsvFormat) =>
    (await enrichAcademicRows(rows)).map((r) => [
      r.id,
      ...studentCells(r),
      r.programName,
      r.cohortLabel,
      f.date(r.cohortEndDate),
      f.date(r.extendedGraduationDate),
      f.label('GraduationStatus', r.graduationStatus),
      r.requirementsDone,
      r.requirementsTotal,
      f.dateTime(r.graduatedAt),
      r.graduatedAt ? f.yesNo(r.graduationLate) : '',
      r.graduatedByName,
      r.certificate ? f.label('CertificateStatus', r.certificate.status) : '',
    ]),
});

defineExportKind<CertificateCriteria, Certificate>({
  type: 'certifications_csv',
  permission: 'academics:read',
  criteria: certificateCriteria,
  fileName: 'certifications',
  header: [
    'ID',
    'Enrollment ID',
    'Student ID',
    'First name',
    'Last name',
    'Email',
    'Certificate',
    'Program',
    'Class',
    'Status',
    'Provider',
    'Issued',
    'Credential ID',
    'Address',
    'Badge',
  ],
  source: (criteria, o) => ({ spec: certificateListSpec, conditions: [...certificateConditions(criteria), criteriaKeyword(certificateListSpec, criteria.keyword, o.keyword)] }),
  lines: (rows, f: CsvFormat) =>
    rows
      .map(certificateDto)
      .map((c) => [
        c.id,
        c.enrollmentId,
        c.student?.id,
        c.student?.firstName,
        c.student?.lastName,
        c.student?.email,
        c.name,
        c.programName,
        c.cohortLabel,
        f.label('CertificateStatus', c.status),
        c.provider ? f.label('CertificateProviderName', c.provider) : '',
        f.dateTime(c.issuedAt),
        c.externalId,
        c.url,
        c.badgeUrl,
      ]),
});
