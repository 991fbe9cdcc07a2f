import { LmsAuthError, LmsError, looksLikeVideo } from './client';
import type { LmsCategoryItem, LmsClient, LmsCourse, LmsGradeItem, LmsModule, LmsPerson, LmsSection, LmsTarget, LmsTokens, LmsTopic } from './client';
import { http, trimBase, withRenewal, type HttpCall } from './http';
import { requestToken, type TokenStore } from './oauth';

/**
 * D2L Brightspace through its Valence REST API (issue 21). OAuth 2 authorization code: the console
 * sends staff to `authorizeUrl`, D2L sends them back to the console's /d2l-auth with a code, which
 * the API trades for tokens (`exchangeCode`); the refresh token renews them. Learning Platform calls
 * under `/d2l/api/lp/{LP}/` (users, enrollments, org structure, sections), Learning Environment under
 * `/d2l/api/le/{LE}/{orgUnitId}/` (content, grades, quizzes, dropbox). Org units and sections are ids;
 * a section is an org unit of its own, so leaving a section is deleting the enrollment in it.
 */

export const D2L_LP = '1.43';
export const D2L_LE = '1.67';
export const D2L_AUTH_HOST = 'https://auth.brightspace.com';
export const D2L_DEFAULT_SCOPE = 'core:*:* content:*:* enrollment:*:* grades:*:* quizzing:*:* dropbox:*:* orgunits:*:* users:*:*';
/** D2L's org unit type id of a course offering. */
const COURSE_OFFERING = 3;

export interface D2lSettings {
  host: string;
  authHost?: string | null;
  clientId: string;
  redirectUri: string;
  scope?: string | null;
  /** The role a student is enrolled with (the institution's Learner role id). */
  studentRoleId?: string | null;
}

interface PagedResultSet<T> {
  PagingInfo: { Bookmark: string | null; HasMoreItems: boolean };
  Items: T[];
}
interface ObjectListPage<T> {
  Next: string | null;
  Objects: T[];
}
interface UserData {
  UserId: number;
  OrgDefinedId: string | null;
  UserName: string;
  ExternalEmail: string | null;
  FirstName: string;
  LastName: string;
}
interface OrgUnitProperties {
  Identifier: string;
  Name: string;
  Code: string | null;
  Type: { Id: number; Code: string; Name: string };
}
interface SectionData {
  SectionId: number;
  Name: string;
  Code: string | null;
}
interface ContentObject {
  Id: number;
  Title: string;
  ShortTitle?: string;
  Type: 0 | 1;
  TopicType?: number;
  Url?: string | null;
  IsHidden?: boolean;
  IsLocked?: boolean;
  StartDate?: string | null;
  EndDate?: string | null;
  DueDate?: string | null;
  ModuleStartDate?: string | null;
  ModuleEndDate?: string | null;
  ModuleDueDate?: string | null;
  Description?: { Text?: string; Html?: string } | null;
}
interface GradeValue {
  GradeObjectIdentifier: string;
  GradeObjectName: string;
  GradeObjectType?: number;
  PointsNumerator: number | null;
  PointsDenominator: number | null;
  WeightedNumerator?: number | null;
  DisplayedGrade?: string;
}
interface GradeObject {
  Id: number;
  Name: string;
  CategoryId: number;
}

export class D2lClient implements LmsClient {
  readonly vendor = 'D2L' as const;
  private readonly base: string;
  private readonly auth: string;

  constructor(
    private readonly settings: D2lSettings,
    private readonly clientSecret: string,
    private readonly tokens: TokenStore,
  ) {
    this.base = trimBase(settings.host);
    this.auth = trimBase(settings.authHost || D2L_AUTH_HOST);
  }

  /** Where staff authorize the platform (the console opens it; `state` comes back to /d2l-auth). */
  static authorizeUrl(settings: D2lSettings, state: string): string {
    const q = new URLSearchParams({ response_type: 'code', client_id: settings.clientId, redirect_uri: settings.redirectUri, scope: settings.scope || D2L_DEFAULT_SCOPE, state });
    return `${trimBase(settings.authHost || D2L_AUTH_HOST)}/oauth2/auth?${q.toString()}`;
  }

  /** Trades the code /d2l-auth received for tokens, and keeps them. */
  async exchangeCode(code: string): Promise<LmsTokens> {
    const tokens = await requestToken(`${this.auth}/core/connect/token`, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.settings.redirectUri,
      client_id: this.settings.clientId,
      client_secret: this.clientSecret,
    });
    await this.tokens.save(tokens);
    return tokens;
  }

  async refresh(): Promise<LmsTokens | null> {
    const refreshToken = this.tokens.current()?.refreshToken;
    if (!refreshToken) throw new LmsAuthError('D2L has not been authorized yet (no refresh token): authorize it through /d2l-auth');
    const tokens = await requestToken(
      `${this.auth}/core/connect/token`,
      {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: this.settings.clientId,
        client_secret: this.clientSecret,
        scope: this.settings.scope || D2L_DEFAULT_SCOPE,
      },
      refreshToken,
    );
    await this.tokens.save(tokens);
    return tokens;
  }

  private async call<T>(c: Omit<HttpCall, 'url' | 'token'> & { path: string }): Promise<{ status: number; body: T }> {
    const run = async () => {
      const current = this.tokens.current();
      if (!current?.accessToken) throw new LmsAuthError('D2L has not been authorized yet: authorize it through /d2l-auth');
      return http<T>({ ...c, url: `${this.base}${c.path}`, token: current.accessToken });
    };
    const canRenew = Boolean(this.tokens.current()?.refreshToken);
    return withRenewal(run, canRenew ? async () => Boolean(await this.refresh()) : null);
  }

  private lp = (path: string) => `/d2l/api/lp/${D2L_LP}${path}`;
  private le = (orgUnitId: string, path: string) => `/d2l/api/le/${D2L_LE}/${encodeURIComponent(orgUnitId)}${path}`;

  async check(): Promise<{ identity: string }> {
    const { body } = await this.call<{ Identifier: string; FirstName: string; LastName: string; UniqueName: string }>({ path: this.lp('/users/whoami') });
    return { identity: `${body.UniqueName} (${body.FirstName} ${body.LastName})` };
  }

  async ensureUser(person: LmsPerson): Promise<string> {
    const found = await this.call<UserData | null>({ path: this.lp(`/users/?userName=${encodeURIComponent(person.email)}`), accept: [404] });
    if (found.status === 200 && found.body) return String(found.body.UserId);
    const created = await this.call<UserData>({
      method: 'POST',
      path: this.lp('/users/'),
      json: {
        OrgDefinedId: String(person.studentId),
        FirstName: person.firstName,
        MiddleName: '',
        LastName: person.lastName,
        ExternalEmail: person.email,
        UserName: person.email,
        RoleId: Number(this.settings.studentRoleId || 110),
        IsActive: true,
        SendCreationEmail: false,
      },
    });
    return String(created.body.UserId);
  }

  private roleId = () => Number(this.settings.studentRoleId || 110);

  async enroll(userId: string, target: LmsTarget): Promise<void> {
    for (const orgUnitId of target.courseIds) {
      await this.call({ method: 'POST', path: this.lp('/enrollments/'), json: { OrgUnitId: Number(orgUnitId), UserId: Number(userId), RoleId: this.roleId() } });
      if (target.sectionId) {
        await this.call({
          method: 'POST',
          path: this.lp(`/${encodeURIComponent(orgUnitId)}/sections/${encodeURIComponent(target.sectionId)}/enrollments/`),
          json: { UserId: Number(userId) },
        });
      }
    }
  }

  private async drop(userId: string, orgUnitId: string): Promise<void> {
    await this.call({ method: 'DELETE', path: this.lp(`/enrollments/users/${encodeURIComponent(userId)}/orgUnits/${encodeURIComponent(orgUnitId)}`), accept: [404] });
  }

  async unenroll(userId: string, target: LmsTarget): Promise<void> {
    for (const orgUnitId of target.courseIds) await this.drop(userId, orgUnitId);
  }

  async move(userId: string, from: LmsTarget, to: LmsTarget): Promise<void> {
    const sameCourse = from.courseIds.length === to.courseIds.length && from.courseIds.every((c) => to.courseIds.includes(c));
    if (sameCourse) {
      // Within one course offering: out of the old section, into the new one (the course enrollment stays).
      if (from.sectionId && from.sectionId !== to.sectionId) await this.drop(userId, from.sectionId);
      await this.enroll(userId, to);
      return;
    }
    await this.unenroll(userId, from);
    await this.enroll(userId, to);
  }

  async listCourses(): Promise<LmsCourse[]> {
    const out: LmsCourse[] = [];
    let bookmark: string | null = null;
    for (let page = 0; page < 1000; page++) {
      const q = new URLSearchParams({ orgUnitType: String(COURSE_OFFERING) });
      if (bookmark) q.set('bookmark', bookmark);
      const { body }: { body: PagedResultSet<OrgUnitProperties> } = await this.call<PagedResultSet<OrgUnitProperties>>({ path: this.lp(`/orgstructure/?${q.toString()}`) });
      out.push(...body.Items.map((o) => ({ id: String(o.Identifier), name: o.Name, code: o.Code ?? null })));
      if (!body.PagingInfo?.HasMoreItems || !body.PagingInfo.Bookmark) break;
      bookmark = body.PagingInfo.Bookmark;
    }
    return out;
  }

  async listSections(orgUnitId: string): Promise<LmsSection[]> {
    const { body } = await this.call<SectionData[]>({ path: this.lp(`/${encodeURIComponent(orgUnitId)}/sections/`) });
    return body.map((s) => ({ id: String(s.SectionId), name: s.Name, code: s.Code ?? null }));
  }

  async listModules(orgUnitId: string): Promise<LmsModule[]> {
    const { body } = await this.call<ContentObject[]>({ path: this.le(orgUnitId, '/content/root/') });
    return body
      .filter((c) => c.Type === 0)
      .map((m, i) => ({
        id: String(m.Id),
        title: m.Title,
        description: m.Description?.Text || null,
        startDate: m.ModuleStartDate ?? m.StartDate ?? null,
        endDate: m.ModuleEndDate ?? m.EndDate ?? null,
        dueDate: m.ModuleDueDate ?? m.DueDate ?? null,
        locked: Boolean(m.IsLocked),
        order: i + 1,
      }));
  }

  async listTopics(orgUnitId: string, moduleId: string): Promise<LmsTopic[]> {
    const { body } = await this.call<ContentObject[]>({ path: this.le(orgUnitId, `/content/modules/${encodeURIComponent(moduleId)}/structure/`) });
    return body
      .filter((c) => c.Type === 1)
      .map((t, i) => {
        const url = t.Url ? (t.Url.startsWith('/') ? `${this.base}${t.Url}` : t.Url) : null;
        const type = t.TopicType === 3 ? 'LINK' : t.TopicType === 1 ? 'FILE' : t.TopicType !== undefined ? String(t.TopicType) : null;
        return { id: String(t.Id), moduleId, title: t.Title, url, type, isVideo: looksLikeVideo(url), order: i + 1 };
      });
  }

  async listGrades(orgUnitId: string, userId: string): Promise<LmsGradeItem[]> {
    const [values, objects] = await Promise.all([
      this.call<GradeValue[]>({ path: this.le(orgUnitId, `/grades/values/${encodeURIComponent(userId)}/`), accept: [404] }),
      this.call<GradeObject[]>({ path: this.le(orgUnitId, '/grades/') }),
    ]);
    if (values.status === 404 || !Array.isArray(values.body)) return [];
    const category = new Map(objects.body.map((o) => [String(o.Id), o.CategoryId ? String(o.CategoryId) : null]));
    return values.body.map((v) => {
      const points = v.PointsNumerator ?? null;
      const maxPoints = v.PointsDenominator ?? null;
      return {
        id: String(v.GradeObjectIdentifier),
        name: v.GradeObjectName,
        categoryId: category.get(String(v.GradeObjectIdentifier)) ?? null,
        points,
        maxPoints,
        percent: points !== null && maxPoints ? Math.round((points / maxPoints) * 1_000_000) / 10_000 : null,
      };
    });
  }

  async listCategories(orgUnitId: string): Promise<LmsCategoryItem[]> {
    const out: LmsCategoryItem[] = [];
    let next: string | null = this.le(orgUnitId, '/quizzes/categories/');
    for (let page = 0; next && page < 1000; page++) {
      const { body }: { body: ObjectListPage<{ CategoryId: number; Name: string }> } = await this.call<ObjectListPage<{ CategoryId: number; Name: string }>>({ path: next });
      out.push(...body.Objects.map((c) => ({ id: String(c.CategoryId), name: c.Name, kind: 'QUIZ' as const })));
      next = body.Next ? (body.Next.startsWith('http') ? new URL(body.Next).pathname + new URL(body.Next).search : body.Next) : null;
    }
    const { body: dropbox } = await this.call<Array<{ Id: number; Name: string }>>({ path: this.le(orgUnitId, '/dropbox/categories/') });
    out.push(...dropbox.map((c) => ({ id: String(c.Id), name: c.Name, kind: 'ASSIGNMENT' as const })));
    return out;
  }

  /**
   * D2L signs people in through the institution's own identity provider; the platform's link is the
   * course's home page (the LMS asks for a sign-in when there is no session). It does not expire.
   */
  async signInLink(_userId: string, _person: LmsPerson, target: LmsTarget | null): Promise<{ url: string; expiresAt: Date | null }> {
    const orgUnitId = target?.sectionId ? target.courseIds[0] : target?.courseIds[0];
    if (!orgUnitId) throw new LmsError('The cohort has no D2L org unit', 409);
    return { url: `${this.base}/d2l/home/${encodeURIComponent(orgUnitId)}`, expiresAt: null };
  }
}
