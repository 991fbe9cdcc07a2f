/**
 * The learning-system (LMS) client (issue 21): what the platform asks of D2L, Docebo, Canvas or the
 * institute's own system. One implementation per vendor (d2l.ts, docebo.ts, canvas.ts on each vendor's
 * REST API; internal.ts the local default), built for one connection by `lmsClientFor` (factory.ts).
 * Ids are the LMS's, as strings. A call the LMS refused throws an `LmsError` (an `LmsAuthError` when
 * the credentials or token were refused).
 */

/** Who to find or create in the LMS. */
export interface LmsPerson {
  studentId: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** Where a student is enrolled: a course (D2L org unit, Docebo or Canvas course) and, in D2L and Canvas, a section of it; Docebo learning plans beside the courses. */
export interface LmsTarget {
  courseIds: string[];
  sectionId?: string | null;
  learningPlanIds?: string[];
}

export interface LmsCourse {
  id: string;
  name: string;
  code: string | null;
}

export interface LmsSection {
  id: string;
  name: string;
  code: string | null;
}

export interface LmsModule {
  id: string;
  title: string;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
  dueDate: string | null;
  locked: boolean;
  order: number;
}

export interface LmsTopic {
  id: string;
  moduleId: string;
  title: string;
  url: string | null;
  type: string | null;
  isVideo: boolean;
  order: number;
}

export interface LmsGradeItem {
  id: string;
  name: string;
  categoryId: string | null;
  points: number | null;
  maxPoints: number | null;
  percent: number | null;
}

export interface LmsCategoryItem {
  id: string;
  name: string;
  kind: 'QUIZ' | 'ASSIGNMENT';
}

/** The tokens of an OAuth 2 connection (D2L, Docebo), kept encrypted by the caller. */
export interface LmsTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

export interface LmsClient {
  readonly vendor: 'D2L' | 'DOCEBO' | 'CANVAS' | 'INTERNAL';
  /** Checks that the credentials work (a cheap authenticated call); answers who the LMS says we are. */
  check(): Promise<{ identity: string }>;
  /** Renews the access token (OAuth 2 vendors); null when the vendor has nothing to renew. */
  refresh(): Promise<LmsTokens | null>;
  /** The person's user id in the LMS: found by email (or the id given before), else created. */
  ensureUser(person: LmsPerson): Promise<string>;
  enroll(userId: string, target: LmsTarget): Promise<void>;
  /** Ends the enrollment; one that is not there is not an error. */
  unenroll(userId: string, target: LmsTarget): Promise<void>;
  /** From one course or section to another (a transfer). */
  move(userId: string, from: LmsTarget, to: LmsTarget): Promise<void>;
  listCourses(): Promise<LmsCourse[]>;
  listSections(courseId: string): Promise<LmsSection[]>;
  listModules(courseId: string): Promise<LmsModule[]>;
  listTopics(courseId: string, moduleId: string): Promise<LmsTopic[]>;
  listGrades(courseId: string, userId: string): Promise<LmsGradeItem[]>;
  listCategories(courseId: string): Promise<LmsCategoryItem[]>;
  /** A short-lived sign-in link for the user into the course (or the LMS's home). */
  signInLink(userId: string, person: LmsPerson, target: LmsTarget | null, ttlSeconds: number): Promise<{ url: string; expiresAt: Date | null }>;
}

/** A call the LMS refused or could not answer. `status` is the LMS's HTTP status (0: not reached). */
export class LmsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'LmsError';
  }
}

/** The LMS refused the credentials or the token (401/403 after a renewal). */
export class LmsAuthError extends LmsError {
  constructor(message: string, status = 401) {
    super(message, status);
    this.name = 'LmsAuthError';
  }
}

const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|webm|ogv|mkv|avi|m3u8)(\?|#|$)/i;
const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtu\.be|vimeo\.com|wistia\.com|wistia\.net|kaltura\.com|brightcove\.net|mediaspace\.[a-z.]+)$/i;

/** Whether a topic is a video: a video file, a video host's link, or the LMS says so. */
export function looksLikeVideo(url: string | null | undefined, type?: string | null): boolean {
  if (type && /video|media/i.test(type)) return true;
  if (!url) return false;
  if (VIDEO_EXTENSIONS.test(url)) return true;
  try {
    return VIDEO_HOSTS.test(new URL(url, 'https://lms.invalid').hostname);
  } catch {
    return false;
  }
}
