import { LmsError, looksLikeVideo } from './client';
import type { LmsCategoryItem, LmsClient, LmsCourse, LmsGradeItem, LmsModule, LmsPerson, LmsSection, LmsTarget, LmsTokens, LmsTopic } from './client';
import { http, nextLink, trimBase, type HttpCall } from './http';

/**
 * Canvas LMS through its REST API (issue 21) with an admin's API access token (Bearer). Users under
 * `/api/v1/accounts/:account_id/users`, courses under the account, sections and enrollments under
 * courses and sections, modules and their items, submissions per student. Lists follow the `Link:
 * rel="next"` header. Leaving a class concludes the enrollment (grades kept); leaving a section for
 * another one deletes the old section's enrollment. Quiz and assignment categories are the course's
 * assignment groups (a group named like a quiz, test or exam is a quiz category). The sign-in link is
 * Canvas's session token for the user (`/api/v1/login/session_token`), valid for a short time.
 */

export interface CanvasSettings {
  host: string;
  accountId?: string | null;
}

interface CanvasUser {
  id: number;
  name: string;
  login_id?: string;
  email?: string;
}
interface CanvasEnrollment {
  id: number;
  course_id: number;
  course_section_id: number;
  user_id: number;
  type: string;
  enrollment_state: string;
}

export class CanvasClient implements LmsClient {
  readonly vendor = 'CANVAS' as const;
  private readonly base: string;
  private readonly account: string;

  constructor(
    settings: CanvasSettings,
    private readonly token: string,
  ) {
    this.base = trimBase(settings.host);
    this.account = settings.accountId || 'self';
  }

  private call<T>(c: Omit<HttpCall, 'url' | 'token'> & { path: string }) {
    return http<T>({ ...c, url: c.path.startsWith('http') ? c.path : `${this.base}${c.path}`, token: this.token });
  }

  private async all<T>(path: string): Promise<T[]> {
    const out: T[] = [];
    let next: string | null = `${path}${path.includes('?') ? '&' : '?'}per_page=100`;
    for (let page = 0; next && page < 1000; page++) {
      const res: { headers: Headers; body: T[] } = await this.call<T[]>({ path: next });
      out.push(...res.body);
      next = nextLink(res.headers);
    }
    return out;
  }

  async check(): Promise<{ identity: string }> {
    const { body } = await this.call<CanvasUser>({ path: '/api/v1/users/self' });
    return { identity: `${body.name} (${body.id})` };
  }

  async refresh(): Promise<LmsTokens | null> {
    return null;
  }

  async ensureUser(person: LmsPerson): Promise<string> {
    const found = await this.all<CanvasUser>(`/api/v1/accounts/${encodeURIComponent(this.account)}/users?search_term=${encodeURIComponent(person.email)}`);
    const email = person.email.toLowerCase();
    const match = found.find((u) => u.login_id?.toLowerCase() === email || u.email?.toLowerCase() === email);
    if (match) return String(match.id);
    const { body } = await this.call<CanvasUser>({
      method: 'POST',
      path: `/api/v1/accounts/${encodeURIComponent(this.account)}/users`,
      json: {
        user: { name: `${person.firstName} ${person.lastName}`, short_name: person.firstName, sortable_name: `${person.lastName}, ${person.firstName}`, skip_registration: true },
        pseudonym: { unique_id: person.email, sis_user_id: `student-${person.studentId}`, send_confirmation: false },
        communication_channel: { type: 'email', address: person.email, skip_confirmation: true },
      },
    });
    return String(body.id);
  }

  async enroll(userId: string, target: LmsTarget): Promise<void> {
    const enrollment = { enrollment: { user_id: Number(userId), type: 'StudentEnrollment', enrollment_state: 'active', notify: false } };
    if (target.sectionId) {
      await this.call({ method: 'POST', path: `/api/v1/sections/${encodeURIComponent(target.sectionId)}/enrollments`, json: enrollment });
      return;
    }
    for (const courseId of target.courseIds) await this.call({ method: 'POST', path: `/api/v1/courses/${encodeURIComponent(courseId)}/enrollments`, json: enrollment });
  }

  private async enrollmentsOf(userId: string, courseId: string): Promise<CanvasEnrollment[]> {
    return this.all<CanvasEnrollment>(`/api/v1/courses/${encodeURIComponent(courseId)}/enrollments?user_id=${encodeURIComponent(userId)}&type[]=StudentEnrollment`);
  }

  private async end(userId: string, target: LmsTarget, task: 'conclude' | 'delete'): Promise<void> {
    for (const courseId of target.courseIds) {
      const mine = (await this.enrollmentsOf(userId, courseId)).filter((e) => !target.sectionId || String(e.course_section_id) === String(target.sectionId));
      for (const e of mine) {
        if (e.enrollment_state === 'completed' && task === 'conclude') continue;
        await this.call({ method: 'DELETE', path: `/api/v1/courses/${encodeURIComponent(courseId)}/enrollments/${e.id}?task=${task}`, accept: [404] });
      }
    }
  }

  async unenroll(userId: string, target: LmsTarget): Promise<void> {
    await this.end(userId, target, 'conclude');
  }

  async move(userId: string, from: LmsTarget, to: LmsTarget): Promise<void> {
    await this.end(userId, from, 'delete');
    await this.enroll(userId, to);
  }

  async listCourses(): Promise<LmsCourse[]> {
    const rows = await this.all<{ id: number; name: string; course_code?: string | null }>(`/api/v1/accounts/${encodeURIComponent(this.account)}/courses`);
    return rows.map((c) => ({ id: String(c.id), name: c.name, code: c.course_code ?? null }));
  }

  async listSections(courseId: string): Promise<LmsSection[]> {
    const rows = await this.all<{ id: number; name: string; sis_section_id?: string | null }>(`/api/v1/courses/${encodeURIComponent(courseId)}/sections`);
    return rows.map((s) => ({ id: String(s.id), name: s.name, code: s.sis_section_id ?? null }));
  }

  async listModules(courseId: string): Promise<LmsModule[]> {
    const rows = await this.all<{ id: number; name: string; position: number; unlock_at?: string | null; published?: boolean; require_sequential_progress?: boolean }>(
      `/api/v1/courses/${encodeURIComponent(courseId)}/modules`,
    );
    return rows.map((m) => ({
      id: String(m.id),
      title: m.name,
      description: null,
      startDate: m.unlock_at ?? null,
      endDate: null,
      dueDate: null,
      locked: m.published === false,
      order: m.position,
    }));
  }

  async listTopics(courseId: string, moduleId: string): Promise<LmsTopic[]> {
    const rows = await this.all<{ id: number; title: string; type: string; position: number; external_url?: string | null; html_url?: string | null }>(
      `/api/v1/courses/${encodeURIComponent(courseId)}/modules/${encodeURIComponent(moduleId)}/items`,
    );
    return rows.map((i) => {
      const url = i.external_url ?? i.html_url ?? null;
      return { id: String(i.id), moduleId, title: i.title, url, type: i.type, isVideo: looksLikeVideo(i.external_url ?? null), order: i.position };
    });
  }

  async listGrades(courseId: string, userId: string): Promise<LmsGradeItem[]> {
    const rows = await this.all<{ assignment_id: number; score: number | null; assignment?: { name: string; points_possible: number | null; assignment_group_id: number | null } }>(
      `/api/v1/courses/${encodeURIComponent(courseId)}/students/submissions?student_ids[]=${encodeURIComponent(userId)}&include[]=assignment`,
    );
    return rows.map((s) => {
      const max = s.assignment?.points_possible ?? null;
      return {
        id: String(s.assignment_id),
        name: s.assignment?.name ?? `Assignment ${s.assignment_id}`,
        categoryId: s.assignment?.assignment_group_id ? String(s.assignment.assignment_group_id) : null,
        points: s.score,
        maxPoints: max,
        percent: s.score !== null && max ? Math.round((s.score / max) * 1_000_000) / 10_000 : null,
      };
    });
  }

  async listCategories(courseId: string): Promise<LmsCategoryItem[]> {
    const rows = await this.all<{ id: number; name: string }>(`/api/v1/courses/${encodeURIComponent(courseId)}/assignment_groups`);
    return rows.map((g) => ({ id: String(g.id), name: g.name, kind: /quiz|test|exam/i.test(g.name) ? ('QUIZ' as const) : ('ASSIGNMENT' as const) }));
  }

  async signInLink(userId: string, _person: LmsPerson, target: LmsTarget | null, ttlSeconds: number): Promise<{ url: string; expiresAt: Date | null }> {
    const courseId = target?.courseIds[0];
    const q = new URLSearchParams({ user_id: userId });
    if (courseId) q.set('return_to', `${this.base}/courses/${encodeURIComponent(courseId)}`);
    const { body } = await this.call<{ session_url?: string }>({ path: `/api/v1/login/session_token?${q.toString()}` });
    if (!body?.session_url) throw new LmsError('Canvas answered no session URL', 502);
    return { url: body.session_url, expiresAt: new Date(Date.now() + ttlSeconds * 1000) };
  }
}
