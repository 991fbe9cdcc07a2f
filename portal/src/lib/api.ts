/**
 * The portal's calls, over the one shared HTTP client (domain/http/client.ts): bearer token,
 * single-flight refresh before expiry and on a 401, the contract's error body as `HttpError`.
 * `fetch` and storage are injectable so the screens can be tested without a server.
 */
import { createHttpClient, HttpError, type Transport } from '../../../domain/http/client';
import type { Language } from '../i18n';
import type { StudentAnswer } from '../../../domain/contract/students';
import type { LookupItemAnswer } from '../../../domain/contract/enrollments';
import { portalSessionStore, sessionFromSignIn, type ObservableSessionStore, type SignInAnswer } from './session';

export { HttpError };

export interface PersonalInfo {
  firstName: string;
  middleName: string | null;
  lastName: string;
  title: string | null;
  suffix: string | null;
  gender: string | null;
  dateOfBirth: string | null;
  educationLevel: string | null;
  occupation: string | null;
  militaryMember: boolean | null;
}
export interface ContactInfo {
  mobilePhone: string | null;
  homePhone: string | null;
  workPhone: string | null;
}
export interface Address {
  street1: string | null;
  street2: string | null;
  city: string | null;
  stateCode: string | null;
  zip: string | null;
  countryCode: string | null;
}
export interface CommunicationPreferences {
  email: boolean | null;
  sms: boolean | null;
}

/** GET /api/students/{id}: the answer schema's type (domain/contract/students.ts). */
export type Student = StudentAnswer;

/**
 * What a student may send to PUT /api/students/{id} (students.schemas.ts studentProfileBody, strict:
 * the staff-only fields of the record read back must not be sent). A section sent replaces that
 * section, so every section sent carries all of its fields.
 */
export interface StudentProfileBody {
  personalInfo: PersonalInfo;
  contactInfo?: ContactInfo;
  address?: Address;
  languageIso2LetterCode?: string;
  communicationPreferences?: CommunicationPreferences;
}

/** One item of GET /api/public/lookups (domain/contract/enrollments.ts). */
export type LookupItem = LookupItemAnswer;

export interface GetStartedBody {
  email: string;
  firstName: string;
  lastName: string;
  languageIso2LetterCode: Language;
  programTrack: string | null;
  startDate: string | null;
  graduationDate: string | null;
  password: string;
  passwordConfirmation: string;
}

export interface PortalApiOptions {
  fetch?: Transport;
  storage?: Storage;
  baseUrl?: string;
  now?: () => number;
}

/** The personal-info section exactly as the server wants it back (all ten fields). */
export function personalInfoOf(student: Student): PersonalInfo {
  const p = student.personalInfo;
  return {
    firstName: p.firstName ?? '',
    middleName: p.middleName ?? null,
    lastName: p.lastName ?? '',
    title: p.title ?? null,
    suffix: p.suffix ?? null,
    gender: p.gender ?? null,
    dateOfBirth: p.dateOfBirth ?? null,
    educationLevel: p.educationLevel ?? null,
    occupation: p.occupation ?? null,
    militaryMember: p.militaryMember ?? null,
  };
}

export function createPortalApi(options: PortalApiOptions = {}) {
  const now = options.now ?? Date.now;
  const store: ObservableSessionStore = portalSessionStore(options.storage);
  let unauthorizedHandler: (() => void) | null = null;
  const http = createHttpClient({ baseUrl: options.baseUrl ?? '/api', store, fetch: options.fetch, now, onUnauthorized: () => unauthorizedHandler?.() });
  const lookupCache = new Map<string, Promise<LookupItem[]>>();

  const signedIn = (answer: SignInAnswer) => {
    const session = sessionFromSignIn(answer, now());
    store.set(session);
    return session;
  };

  return {
    store,
    http,
    /** Who handles a 401 the client could not cure (the app sends the user to /verify). */
    setUnauthorizedHandler(handler: (() => void) | null) {
      unauthorizedHandler = handler;
    },

    async signIn(email: string, password: string) {
      return signedIn(await http.request<SignInAnswer>({ method: 'POST', path: '/auth/signin/customer', auth: false, body: { email, password } }));
    },
    /** Ends the session on the server (best effort) and here. */
    async signOut() {
      if (store.get()) {
        try {
          await http.request({ method: 'POST', path: '/auth/logout' });
        } catch {
          // Signed out locally whatever the server says.
        }
      }
      store.end('signedOut');
    },
    forgotPassword: (email: string) => http.request({ method: 'POST', path: '/auth/customer/forgot_password', auth: false, body: { email } }),
    resetPassword: (body: { token: string; password: string; passwordConfirmation: string }) =>
      http.request({ method: 'POST', path: '/auth/customer/reset_password', auth: false, body }),
    getStarted: (body: GetStartedBody) => http.request<{ email: string; expiresAt: string }>({ method: 'POST', path: '/auth/customer/get_started', auth: false, body }),
    async verifyCode(email: string, code: string) {
      return signedIn(await http.request<SignInAnswer>({ method: 'POST', path: '/auth/customer/verify_code', auth: false, body: { email, code } }));
    },
    resendCode: (email: string) => http.request({ method: 'POST', path: '/auth/customer/resend_code', auth: false, body: { email } }),

    getStudent: (id: number) => http.request<Student>({ path: `/students/${id}` }),
    updateStudent: (id: number, body: StudentProfileBody) => http.request<Student>({ method: 'PUT', path: `/students/${id}`, body }),
    changeEmail: (id: number, email: string) => http.request<Student>({ method: 'PATCH', path: `/students/${id}/email`, body: { email } }),
    updatePassword: (userId: number, body: { currentPassword: string; password: string; passwordConfirmation: string }) =>
      http.request({ method: 'PATCH', path: `/users/${userId}/update_password`, body }),

    /** Public reference values (COUNTRY, US_STATE...), fetched once per type. */
    lookups(type: string): Promise<LookupItem[]> {
      let pending = lookupCache.get(type);
      if (!pending) {
        pending = http.request<{ content: LookupItem[] }>({ path: '/public/lookups', query: { type }, auth: false }).then((answer) => answer.content);
        pending.catch(() => lookupCache.delete(type));
        lookupCache.set(type, pending);
      }
      return pending;
    },
  };
}

export type PortalApi = ReturnType<typeof createPortalApi>;
