/**
 * The student's information banners (issue 17): the published banners of their audience they have
 * not dismissed, and the dismissal, kept by the server so it holds on every device. Functions over
 * the portal's one HTTP client.
 */
import type { HttpClient } from '../../../domain/http/client';
import type { StudentBannerAnswer } from '../../../domain/contract/banners';

/** A banner as the student reads it (domain/contract/banners.ts); `content` is HTML the server sanitised when the banner was saved. */
export type StudentBanner = StudentBannerAnswer;

export function bannersApi(http: HttpClient) {
  return {
    /** GET /students/{id}/information_banners: the most urgent first. */
    list: async (studentId: number) => (await http.request<{ content: StudentBanner[] }>({ path: `/students/${studentId}/information_banners` })).content,
    /** POST /students/{id}/information_banners/{bannerId}/dismiss (204). */
    dismiss: (studentId: number, bannerId: number) => http.request({ method: 'POST', path: `/students/${studentId}/information_banners/${bannerId}/dismiss` }),
  };
}
