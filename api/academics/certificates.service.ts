import { Op, type WhereOptions } from 'sequelize';
import { Certificate, Cohort, Enrollment, Program, Student } from '../../models';
import { Messages } from '../../models/messages';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type Page, type PagingQuery } from '../common/list';
import type { Deps } from '../common/context';
import { academicListSpec, enrichAcademicRows } from './academics.service';
import { certificateSortable, type CertificateCriteria } from './academics.schemas';

/**
 * Certificates (issue 21): the /certifications list (staff), one certificate and its PDF (staff or its
 * student), and the student's Awards — what they earned and what their current classes lead to.
 */

export const certificateListSpec: ListSpec<Certificate> = {
  model: Certificate,
  sortable: certificateSortable,
  defaultDescending: true,
  keywordColumns: [],
  studentKeyword: { numbers: ['id', 'studentId', 'enrollmentId'], columns: ['name'] },
  include: [
    { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
    { model: Program, as: 'program', attributes: ['id', 'name'] },
    { model: Cohort, as: 'cohort', attributes: ['id', 'label'] },
  ],
  maxSize: 500,
};

type Loaded = Certificate & { student?: Student; program?: Program; cohort?: Cohort };

export function certificateDto(row: Certificate) {
  const c = row as Loaded;
  return {
    id: c.id,
    enrollmentId: c.enrollmentId,
    student: c.student ? { id: c.student.id, firstName: c.student.firstName, lastName: c.student.lastName, email: c.student.email } : null,
    programId: c.programId,
    programName: c.program?.name ?? null,
    cohortId: c.cohortId,
    cohortLabel: c.cohort?.label ?? null,
    name: c.name,
    status: c.status,
    provider: c.provider ?? null,
    externalId: c.externalId ?? null,
    url: c.url ?? null,
    badgeUrl: c.badgeUrl ?? null,
    hasFile: Boolean(c.storageKey),
    /** CERTIFICATE always; BADGE too when the provider gave a badge image (Accredible). */
    types: c.badgeUrl ? (['CERTIFICATE', 'BADGE'] as const) : (['CERTIFICATE'] as const),
    issuedAt: c.issuedAt ?? null,
    attempts: c.attempts,
    lastError: c.lastError ?? null,
    createdAt: c.createdAt,
  };
}
export type CertificateDto = ReturnType<typeof certificateDto>;

/** The list's conditions of its criteria. */
export function certificateConditions(c: Partial<CertificateCriteria>): WhereOptions[] {
  const out: WhereOptions[] = [];
  if (c.programId) out.push({ programId: c.programId });
  if (c.cohortId) out.push({ cohortId: c.cohortId });
  if (c.studentId) out.push({ studentId: c.studentId });
  if (c.statuses?.length) out.push({ status: { [Op.in]: c.statuses } });
  return out;
}

/** GET /certifications and POST /certifications/find_by_criteria */
export function listCertificates(q: PagingQuery, criteria: Partial<CertificateCriteria>): Promise<Page<CertificateDto>> {
  return runList(certificateListSpec, { ...q, keyword: q.keyword || criteria.keyword || undefined }, certificateConditions(criteria), certificateDto);
}

async function load(id: number): Promise<Loaded> {
  const row = await Certificate.findByPk(id, { include: certificateListSpec.include });
  if (!row) throw AppError.notFound('Certificate');
  return row as Loaded;
}

export async function getCertificate(id: number): Promise<CertificateDto> {
  return certificateDto(await load(id));
}

/** Whether a certificate is the student's (missing: true, the handler answers 404). */
export async function certificateOfStudent(id: number, studentId: number | undefined): Promise<boolean> {
  if (!studentId) return false;
  const row = await Certificate.findByPk(id, { attributes: ['studentId'] });
  return !row || row.studentId === studentId;
}

/** GET /certifications/{id}/download: the stored PDF (409 before it is issued, or when Accredible keeps it). */
export async function certificateFile(deps: Deps, id: number) {
  const c = await load(id);
  if (c.status !== 'ISSUED') throw AppError.conflict('CERTIFICATE_NOT_ISSUED', Messages.CERTIFICATE_NOT_ISSUED);
  if (!c.storageKey) throw AppError.conflict('CERTIFICATE_NO_FILE', Messages.CERTIFICATE_NO_FILE, { url: c.url });
  const stream = await deps.storage.get(c.storageKey);
  if (!stream) throw AppError.notFound('Certificate file');
  const safe =
    c.name
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'certificate';
  return { stream, fileName: `${safe}-certificate-${c.id}.pdf` };
}

/**
 * GET /students/{id}/awards: the student's certificates (newest first) and the awards still available:
 * each ACTIVE, not yet graduated enrollment's certificate, with its progress.
 */
export async function studentAwards(studentId: number) {
  const student = await Student.findByPk(studentId, { attributes: ['id'] });
  if (!student) throw AppError.notFound('Student');
  const mine = await Certificate.findAll({ where: { studentId }, include: certificateListSpec.include, order: [['id', 'DESC']], limit: 200 });
  const earned = new Set(mine.map((c) => c.enrollmentId));
  const open = await Enrollment.findAll({
    where: { studentId, status: 'ACTIVE', graduationStatus: { [Op.notIn]: ['GRADUATED', 'LATE_GRADUATION'] } },
    include: academicListSpec.include,
    order: [['id', 'DESC']],
    limit: 100,
  });
  const rows = await enrichAcademicRows(open.filter((e) => !earned.has(e.id)));
  return {
    awards: mine.map(certificateDto),
    available: rows.map((r) => ({
      enrollmentId: r.enrollmentId,
      programId: r.programId,
      programName: r.programName,
      cohortLabel: r.cohortLabel,
      type: 'CERTIFICATE' as const,
      graduationStatus: r.graduationStatus,
      requirementsDone: r.requirementsDone,
      requirementsTotal: r.requirementsTotal,
    })),
  };
}
