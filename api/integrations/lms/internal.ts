import crypto from 'node:crypto';
import { Cohort, LmsCategory, LmsGrade, Program, ProgramModule, ProgramModuleTopic } from '../../../models';
import type { LmsCategoryItem, LmsClient, LmsCourse, LmsGradeItem, LmsModule, LmsPerson, LmsSection, LmsTarget, LmsTokens, LmsTopic } from './client';
import { trimBase } from './http';

/**
 * The institute's own learning system (vendor INTERNAL), the local default (issue 21): the platform's
 * learning centre is where these students study, so the platform's own records are the LMS. A user's
 * id is `student-{id}`; an enrollment is the platform's own enrollment (nothing to call); courses are
 * programs, sections cohorts, modules the program's modules, topics, grades and categories what the
 * platform holds. A sync through it therefore changes nothing. The sign-in link is the connection's
 * base URL with a signed, expiring token (`verifyInternalSignIn` checks it).
 */
export class InternalLmsClient implements LmsClient {
  readonly vendor = 'INTERNAL' as const;
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly key: Buffer,
  ) {
    this.base = trimBase(baseUrl);
  }

  async check(): Promise<{ identity: string }> {
    return { identity: this.base };
  }
  async refresh(): Promise<LmsTokens | null> {
    return null;
  }
  async ensureUser(person: LmsPerson): Promise<string> {
    return `student-${person.studentId}`;
  }
  async enroll(): Promise<void> {}
  async unenroll(): Promise<void> {}
  async move(): Promise<void> {}

  async listCourses(): Promise<LmsCourse[]> {
    const rows = await Program.findAll({ attributes: ['id', 'name'], where: { deleted: false }, order: [['id', 'ASC']] });
    return rows.map((p) => ({ id: String(p.id), name: p.name, code: null }));
  }
  async listSections(courseId: string): Promise<LmsSection[]> {
    const rows = await Cohort.findAll({ attributes: ['id', 'label'], where: { programId: Number(courseId) || 0 }, order: [['id', 'ASC']] });
    return rows.map((c) => ({ id: String(c.id), name: c.label, code: null }));
  }
  async listModules(courseId: string): Promise<LmsModule[]> {
    const rows = await ProgramModule.findAll({
      where: { programId: Number(courseId) || 0 },
      order: [
        ['displayOrder', 'ASC'],
        ['id', 'ASC'],
      ],
    });
    return rows.map((m, i) => ({
      id: m.d2lModuleId ?? String(m.id),
      title: m.title,
      description: null,
      startDate: m.startDateTime ? m.startDateTime.toISOString() : null,
      endDate: m.endDateTime ? m.endDateTime.toISOString() : null,
      dueDate: m.closeDate ? m.closeDate.toISOString() : null,
      locked: Boolean(m.locked),
      order: i + 1,
    }));
  }
  async listTopics(courseId: string, moduleId: string): Promise<LmsTopic[]> {
    const module = await ProgramModule.findOne({ where: { programId: Number(courseId) || 0, d2lModuleId: moduleId } });
    if (!module) return [];
    const rows = await ProgramModuleTopic.findAll({ where: { programModuleId: module.id }, order: [['displayOrder', 'ASC']] });
    return rows.map((t) => ({ id: t.externalId, moduleId, title: t.title, url: t.url, type: t.topicType, isVideo: Boolean(t.isVideo), order: t.displayOrder }));
  }
  async listGrades(courseId: string, userId: string): Promise<LmsGradeItem[]> {
    const studentId = Number(userId.replace(/^student-/, '')) || 0;
    const rows = await LmsGrade.findAll({ where: { programId: Number(courseId) || 0, studentId } });
    return rows.map((g) => ({ id: g.externalItemId, name: g.name, categoryId: g.categoryExternalId, points: g.points, maxPoints: g.maxPoints, percent: g.percent }));
  }
  async listCategories(courseId: string): Promise<LmsCategoryItem[]> {
    const rows = await LmsCategory.findAll({ where: { programId: Number(courseId) || 0 } });
    return rows.filter((c) => c.externalId).map((c) => ({ id: c.externalId!, name: c.name, kind: c.kind }));
  }

  async signInLink(userId: string, _person: LmsPerson, target: LmsTarget | null, ttlSeconds: number): Promise<{ url: string; expiresAt: Date | null }> {
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    const token = signInternalSignIn(this.key, { user: userId, course: target?.courseIds[0] ?? null, exp: Math.floor(expiresAt.getTime() / 1000) });
    return { url: `${this.base}/?lms_token=${encodeURIComponent(token)}`, expiresAt };
  }
}

interface SignInClaims {
  user: string;
  course: string | null;
  exp: number;
}

export function signInternalSignIn(key: Buffer, claims: SignInClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = crypto.createHmac('sha256', key).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The claims of a sign-in token the INTERNAL client made, or null when it is forged or expired. */
export function verifyInternalSignIn(key: Buffer, token: string, now = Date.now()): SignInClaims | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = crypto.createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignInClaims;
  return claims.exp * 1000 > now ? claims : null;
}
