import crypto from 'node:crypto';
import { LmsAuthError, LmsError, looksLikeVideo } from './client';
import type { LmsCategoryItem, LmsClient, LmsCourse, LmsGradeItem, LmsModule, LmsPerson, LmsSection, LmsTarget, LmsTokens, LmsTopic } from './client';
import { http, trimBase, withRenewal, type HttpCall } from './http';
import { requestToken, type TokenStore } from './oauth';

/**
 * Docebo through its REST API (issue 21). OAuth 2 at `/oauth2/token`: the resource-owner password
 * grant (an API user's username and password) or an authorization code, renewed with the refresh
 * token. Users under `/manage/v1/user`, courses and their learning objects under `/learn/v1/courses`,
 * enrollments under `/learn/v1/enrollments`, learning plans under `/learningplan/v1/learningplans`.
 * Lists answer `{ data: { items, has_more_data, current_page } }` and are read page by page. Docebo
 * has no sections (a cohort is a set of courses and learning plans); quizzes are its `test` learning
 * objects and assignments its `deliverable` ones. The sign-in link is Docebo's token SSO
 * (`/lms/index.php?r=site/sso`, md5 of "username,time,secret").
 */

export interface DoceboSettings {
  host: string;
  clientId: string;
  username?: string | null;
  redirectUri?: string | null;
}

export interface DoceboSecrets {
  clientSecret: string;
  password?: string | null;
  authCode?: string | null;
  ssoSecret?: string | null;
}

interface DoceboList<T> {
  data: { items: T[]; has_more_data?: boolean; current_page?: number; total_page_count?: number };
}
interface DoceboUser {
  user_id: string | number;
  username: string;
  email: string;
  first_name?: string;
  last_name?: string;
}
interface DoceboCourse {
  id_course: number;
  name: string;
  code?: string | null;
}
interface DoceboLo {
  id_org?: number;
  id?: number;
  title: string;
  object_type: string;
  url?: string | null;
  position?: number;
}
interface DoceboEnrollment {
  id_user?: number | string;
  user_id?: number | string;
  id_course?: number | string;
  course_id?: number | string;
  course_name?: string;
  score?: number | string | null;
  status?: string;
}

const PAGE_SIZE = 200;

export class DoceboClient implements LmsClient {
  readonly vendor = 'DOCEBO' as const;
  private readonly base: string;

  constructor(
    private readonly settings: DoceboSettings,
    private readonly secrets: DoceboSecrets,
    private readonly tokens: TokenStore,
  ) {
    this.base = trimBase(settings.host);
  }

  /** A first token: the password grant, else the authorization code given. */
  async authorize(): Promise<LmsTokens> {
    const form: Record<string, string> = { client_id: this.settings.clientId, client_secret: this.secrets.clientSecret, scope: 'api' };
    if (this.settings.username && this.secrets.password) Object.assign(form, { grant_type: 'password', username: this.settings.username, password: this.secrets.password });
    else if (this.secrets.authCode) Object.assign(form, { grant_type: 'authorization_code', code: this.secrets.authCode, redirect_uri: this.settings.redirectUri ?? '' });
    else throw new LmsAuthError('Docebo needs a username and password or an authorization code');
    const tokens = await requestToken(`${this.base}/oauth2/token`, form);
    await this.tokens.save(tokens);
    return tokens;
  }

  async refresh(): Promise<LmsTokens | null> {
    const refreshToken = this.tokens.current()?.refreshToken;
    if (!refreshToken) return this.authorize();
    try {
      const tokens = await requestToken(
        `${this.base}/oauth2/token`,
        { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: this.settings.clientId, client_secret: this.secrets.clientSecret },
        refreshToken,
      );
      await this.tokens.save(tokens);
      return tokens;
    } catch (err) {
      // A refused refresh token: start again from the password grant when there is one.
      if (err instanceof LmsAuthError && this.settings.username && this.secrets.password) return this.authorize();
      throw err;
    }
  }

  private async call<T>(c: Omit<HttpCall, 'url' | 'token'> & { path: string }): Promise<{ status: number; body: T }> {
    if (!this.tokens.current()?.accessToken) await this.authorize();
    const run = () => http<T>({ ...c, url: `${this.base}${c.path}`, token: this.tokens.current()?.accessToken });
    return withRenewal(run, async () => Boolean(await this.refresh()));
  }

  private async all<T>(path: string): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; page < 1000; page++) {
      const sep = path.includes('?') ? '&' : '?';
      const { body } = await this.call<DoceboList<T>>({ path: `${path}${sep}page=${page}&page_size=${PAGE_SIZE}` });
      out.push(...(body.data?.items ?? []));
      if (!body.data?.has_more_data) break;
    }
    return out;
  }

  async check(): Promise<{ identity: string }> {
    await this.call<DoceboList<DoceboCourse>>({ path: '/learn/v1/courses?page=1&page_size=1' });
    return { identity: this.settings.username ?? this.settings.clientId };
  }

  async ensureUser(person: LmsPerson): Promise<string> {
    const found = await this.all<DoceboUser>(`/manage/v1/user?search_text=${encodeURIComponent(person.email)}`);
    const match = found.find((u) => u.email?.toLowerCase() === person.email.toLowerCase() || u.username?.toLowerCase() === person.email.toLowerCase());
    if (match) return String(match.user_id);
    const { body } = await this.call<{ data: { success?: boolean; user_id: number | string } }>({
      method: 'POST',
      path: '/manage/v1/user',
      json: {
        userid: person.email,
        email: person.email,
        firstname: person.firstName,
        lastname: person.lastName,
        password: crypto.randomBytes(18).toString('base64url'),
        force_change: 1,
        send_notification_email: false,
      },
    });
    if (!body?.data?.user_id) throw new LmsError('Docebo answered no user id', 502);
    return String(body.data.user_id);
  }

  async enroll(userId: string, target: LmsTarget): Promise<void> {
    if (target.courseIds.length) {
      await this.call({ method: 'POST', path: '/learn/v1/enrollments', json: { course_ids: target.courseIds.map(Number), user_ids: [Number(userId)], level: 'student' } });
    }
    if (target.learningPlanIds?.length) {
      await this.call({
        method: 'POST',
        path: '/learningplan/v1/learningplans/enrollments',
        json: { learningplan_ids: target.learningPlanIds.map(Number), user_ids: [Number(userId)] },
      });
    }
  }

  async unenroll(userId: string, target: LmsTarget): Promise<void> {
    for (const courseId of target.courseIds) {
      await this.call({ method: 'DELETE', path: `/learn/v1/enrollments/${encodeURIComponent(courseId)}/${encodeURIComponent(userId)}`, accept: [404] });
    }
    for (const planId of target.learningPlanIds ?? []) {
      await this.call({ method: 'DELETE', path: `/learningplan/v1/learningplans/${encodeURIComponent(planId)}/enrollments/${encodeURIComponent(userId)}`, accept: [404] });
    }
  }

  async move(userId: string, from: LmsTarget, to: LmsTarget): Promise<void> {
    const keep = (a: string[] | undefined, b: string[] | undefined) => (a ?? []).filter((x) => !(b ?? []).includes(x));
    await this.unenroll(userId, { courseIds: keep(from.courseIds, to.courseIds), learningPlanIds: keep(from.learningPlanIds, to.learningPlanIds) });
    await this.enroll(userId, to);
  }

  async listCourses(): Promise<LmsCourse[]> {
    return (await this.all<DoceboCourse>('/learn/v1/courses')).map((c) => ({ id: String(c.id_course), name: c.name, code: c.code ?? null }));
  }

  async listSections(): Promise<LmsSection[]> {
    return [];
  }

  private async los(courseId: string): Promise<DoceboLo[]> {
    return this.all<DoceboLo>(`/learn/v1/courses/${encodeURIComponent(courseId)}/los`);
  }

  async listModules(courseId: string): Promise<LmsModule[]> {
    return (await this.los(courseId)).map((lo, i) => ({
      id: String(lo.id_org ?? lo.id),
      title: lo.title,
      description: null,
      startDate: null,
      endDate: null,
      dueDate: null,
      locked: false,
      order: lo.position ?? i + 1,
    }));
  }

  /** A learning object is its own topic (Docebo has no topics inside it). */
  async listTopics(courseId: string, moduleId: string): Promise<LmsTopic[]> {
    const lo = (await this.los(courseId)).find((l) => String(l.id_org ?? l.id) === moduleId);
    if (!lo) return [];
    return [{ id: moduleId, moduleId, title: lo.title, url: lo.url ?? null, type: lo.object_type, isVideo: looksLikeVideo(lo.url, lo.object_type), order: 1 }];
  }

  /** A course's score per user (Docebo scores the course, not items inside it). */
  async listGrades(courseId: string, userId: string): Promise<LmsGradeItem[]> {
    const rows = await this.all<DoceboEnrollment>(`/learn/v1/enrollments?user_id[]=${encodeURIComponent(userId)}&course_id[]=${encodeURIComponent(courseId)}`);
    return rows
      .filter((r) => String(r.id_course ?? r.course_id) === courseId)
      .map((r) => {
        const score = r.score === null || r.score === undefined || r.score === '' ? null : Number(r.score);
        return { id: courseId, name: r.course_name ?? `Course ${courseId}`, categoryId: null, points: score, maxPoints: score === null ? null : 100, percent: score };
      });
  }

  async listCategories(courseId: string): Promise<LmsCategoryItem[]> {
    return (await this.los(courseId))
      .filter((lo) => lo.object_type === 'test' || lo.object_type === 'deliverable')
      .map((lo) => ({ id: String(lo.id_org ?? lo.id), name: lo.title, kind: lo.object_type === 'test' ? ('QUIZ' as const) : ('ASSIGNMENT' as const) }));
  }

  async signInLink(_userId: string, person: LmsPerson, target: LmsTarget | null, ttlSeconds: number): Promise<{ url: string; expiresAt: Date | null }> {
    if (!this.secrets.ssoSecret) throw new LmsError('The Docebo connection has no SSO secret', 409);
    const time = Math.floor(Date.now() / 1000);
    const token = crypto.createHash('md5').update(`${person.email},${time},${this.secrets.ssoSecret}`).digest('hex');
    const q = new URLSearchParams({ r: 'site/sso', login_user: person.email, time: String(time), token });
    const course = target?.courseIds[0];
    if (course) q.set('id_course', course);
    return { url: `${this.base}/lms/index.php?${q.toString()}`, expiresAt: new Date((time + ttlSeconds) * 1000) };
  }
}
