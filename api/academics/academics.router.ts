import type { Deps } from '../common/context';
import { ownStudent, route } from '../common/route';
import {
  academicProgressList as academicProgressListAnswer,
  academicProgressAnswer,
  academicProgressPage,
  awardsAnswer,
  certificateAnswer,
  certificatePage,
  graduateAnswer,
  graduationSummaryAnswer,
  recomputeAnswer,
} from '../../domain/contract/academics';
import { studentIdParams } from '../students/students.schemas';
import {
  academicListQuery,
  academicProgressBody,
  certificateCriteria,
  certificateListQuery,
  certificateParams,
  enrollmentParams,
  enrollmentRequirementParams,
  graduateBody,
  graduationCriteria,
  recomputeBody,
  staffProgressBody,
  type CertificateListQuery,
} from './academics.schemas';
import * as academics from './academics.service';
import * as certificates from './certificates.service';
import { unofficialTranscript } from './transcript';

const ownEnrollment = (ctx: { params: { id: number }; auth: { studentId?: number } | null }) => academics.enrollmentOfStudent(ctx.params.id, ctx.auth?.studentId);
const ownCertificate = (ctx: { params: { id: number }; auth: { studentId?: number } | null }) => certificates.certificateOfStudent(ctx.params.id, ctx.auth?.studentId);

/** /api/enrollments/…: academic progress, graduation, the unofficial transcript (issue 21). */
export function academicRoutes(deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/academic_progress',
      summary: 'Academic progress of a cohort: per enrollment its requirements done of total and scores (empty with total 0 until a cohort is chosen)',
      access: 'academics:read',
      query: academicListQuery,
      body: academicProgressBody,
      answer: academicProgressPage,
      handle: ({ query, body }) => academics.academicProgressList(query, body),
    }),
    route({
      method: 'post',
      path: '/academic_progress/summary',
      summary: "Academic progress summary: the cohort's enrollments and their count per graduation status",
      access: 'academics:read',
      query: academicListQuery.pick({ keyword: true }),
      body: academicProgressBody,
      answer: graduationSummaryAnswer,
      handle: ({ query, body }) => academics.academicProgressSummary(body, query.keyword),
    }),
    route({
      method: 'get',
      path: '/:id/academic_progress',
      summary: "One enrollment's progress per requirement (staff, or the student's own)",
      access: 'academics:read',
      self: ownEnrollment,
      params: enrollmentParams,
      answer: academicProgressAnswer,
      handle: ({ params }) => academics.enrollmentProgress(params.id),
    }),
    route({
      method: 'put',
      path: '/:id/academic_progress/:requirementId',
      summary: 'Record a requirement by hand (done, score): source STAFF; the graduation status is recomputed',
      access: 'academics:update',
      params: enrollmentRequirementParams,
      body: staffProgressBody,
      answer: academicProgressAnswer,
      handle: ({ params, body, actor }) => academics.recordStaffProgress(params.id, params.requirementId, body, actor),
    }),
    route({
      method: 'get',
      path: '/:id/unofficial_transcript',
      summary: "The unofficial transcript (PDF): modules, requirements, scores and dates (staff, or the student's own)",
      access: 'academics:read',
      self: ownEnrollment,
      params: enrollmentParams,
      handle: async ({ params, res }) => {
        const { fileName, pdf } = await unofficialTranscript(params.id);
        res
          .status(200)
          .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' })
          .send(pdf);
      },
    }),
    route({
      method: 'post',
      path: '/graduations/find_by_criteria',
      summary: 'Graduations: active enrollments by program, cohort, graduation statuses and keyword',
      access: 'academics:read',
      query: academicListQuery,
      body: graduationCriteria,
      answer: academicProgressPage,
      handle: ({ query, body }) => academics.graduationList(query, body),
    }),
    route({
      method: 'post',
      path: '/graduations/summary',
      summary: "Graduations summary: the criteria's enrollments and their count per graduation status",
      access: 'academics:read',
      query: academicListQuery.pick({ keyword: true }),
      body: graduationCriteria,
      answer: graduationSummaryAnswer,
      handle: ({ query, body }) => academics.graduationSummary(body, query.keyword),
    }),
    route({
      method: 'post',
      path: '/graduations/recompute',
      summary: 'Count attendance and recompute graduation statuses now (a cohort, a program, or every active enrollment)',
      access: 'academics:update',
      body: recomputeBody,
      answer: recomputeAnswer,
      handle: ({ body }) => academics.recomputeNow(body),
    }),
    route({
      method: 'post',
      path: '/graduations',
      summary: 'Graduate READY_GRADUATION enrollments (isLate: LATE_GRADUATION), in one transaction; each gets its certificate and email',
      access: 'academics:graduate',
      body: graduateBody,
      answer: graduateAnswer,
      handle: ({ body, actor }) => academics.graduate(deps, body, actor),
    }),
  ];
}

/** /api/certifications: certificates issued by graduations (issue 21). */
export function certificateRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'Certificates (studentId, programId, cohortId; keyword: the student, the name, an id)',
      access: 'academics:read',
      query: certificateListQuery,
      answer: certificatePage,
      handle: ({ query }) => {
        const q = query as CertificateListQuery;
        return certificates.listCertificates(q, { studentId: q.studentId, programId: q.programId, cohortId: q.cohortId });
      },
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      summary: 'Certificates by program, cohort, student, statuses and keyword',
      access: 'academics:read',
      query: academicListQuery.pick({ size: true, page: true, descending: true, keyword: true }).extend({ sortBy: certificateListQuery.shape.sortBy }),
      body: certificateCriteria,
      answer: certificatePage,
      handle: ({ query, body }) => certificates.listCertificates(query, body),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'One certificate (staff, or its student)',
      access: 'academics:read',
      self: ownCertificate,
      params: certificateParams,
      answer: certificateAnswer,
      handle: ({ params }) => certificates.getCertificate(params.id),
    }),
    route({
      method: 'get',
      path: '/:id/download',
      summary: "The certificate's PDF (staff, or its student); 409 before it is issued or when Accredible keeps it (its url)",
      access: 'academics:read',
      self: ownCertificate,
      params: certificateParams,
      handle: async ({ params, res }) => {
        const { stream, fileName } = await certificates.certificateFile(deps, params.id);
        res.status(200).set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' });
        await new Promise<void>((resolve, reject) => {
          stream.on('error', reject);
          res.on('finish', resolve);
          res.on('close', resolve);
          stream.pipe(res);
        });
      },
    }),
  ];
}

/** /api/students/{id}/…: My progress and Awards (the student's own; staff with academics:read). */
export function studentAcademicRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id/academic_progress',
      summary: "The student's enrollments with their requirements, scores and graduation status (My progress)",
      access: 'academics:read',
      self: ownStudent,
      params: studentIdParams,
      answer: academicProgressListAnswer,
      handle: ({ params }) => academics.studentProgress(params.id),
    }),
    route({
      method: 'get',
      path: '/:id/awards',
      summary: "The student's certificates and the awards their current classes lead to (Awards)",
      access: 'academics:read',
      self: ownStudent,
      params: studentIdParams,
      answer: awardsAnswer,
      handle: ({ params }) => certificates.studentAwards(params.id),
    }),
  ];
}
