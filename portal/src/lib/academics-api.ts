/**
 * The academics calls of the portal (issue 21): My progress (the student's enrollments with their
 * requirements, scores and graduation status), Awards (their certificates and the awards their
 * classes lead to), the unofficial transcript and the certificate PDF. Functions over the portal's
 * one HTTP client, shipped with the lazily loaded screens.
 */
import type { HttpClient } from '../../../domain/http/client';
import type { AcademicProgressAnswer, AwardsAnswer, CertificateAnswer } from '../../../domain/contract/academics';

export type EnrollmentProgress = AcademicProgressAnswer;
export type Awards = AwardsAnswer;
export type Certificate = CertificateAnswer;
export type AvailableAward = AwardsAnswer['available'][number];

export function academicsApi(http: HttpClient) {
  const pdf = async (path: string) => (await http.request<Response>({ path, raw: true, headers: { Accept: 'application/pdf' } })).blob();
  return {
    /** GET /students/{id}/academic_progress */
    progress: (studentId: number) => http.request<EnrollmentProgress[]>({ path: `/students/${studentId}/academic_progress` }),
    /** GET /students/{id}/awards */
    awards: (studentId: number) => http.request<Awards>({ path: `/students/${studentId}/awards` }),
    /** GET /enrollments/{id}/unofficial_transcript (the student's own): the PDF. */
    transcript: (enrollmentId: number) => pdf(`/enrollments/${enrollmentId}/unofficial_transcript`),
    /** GET /certifications/{id}/download (the student's own): the PDF. */
    certificate: (certificateId: number) => pdf(`/certifications/${certificateId}/download`),
  };
}
export type AcademicsApi = ReturnType<typeof academicsApi>;

/** The award filter of the Awards screen: all, certificates, badges. */
export type AwardFilter = 'ALL' | 'CERTIFICATE' | 'BADGE';

/** The student's awards of a filter: a certificate's `types` say whether it is (also) a badge. */
export function awardsOf(awards: Awards, filter: AwardFilter): { mine: Certificate[]; available: AvailableAward[] } {
  if (filter === 'ALL') return { mine: awards.awards, available: awards.available };
  return { mine: awards.awards.filter((a) => a.types.includes(filter)), available: awards.available.filter((a) => a.type === filter) };
}
