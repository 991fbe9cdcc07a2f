/**
 * The portal's session: what a customer sign-in leaves behind, kept in localStorage under
 * `hci.portal.session` through the shared store of domain/http/client.ts, plus change
 * notifications so the screens re-render when a sign-in, a token refresh, a sign-out or another tab
 * changes it.
 */
import { localSessionStore, type Session, type SessionStore } from '../../../domain/http/client';
import type { Language } from '../i18n';
import type { SignedInStudentAnswer } from '../../../domain/contract/people';

export const SESSION_KEY = 'hci.portal.session';

/** The shared session plus what the portal shows before the student record has loaded. */
export interface PortalSession extends Session {
  firstName?: string;
  lastName?: string;
  /** The student's preferred language (languageIso2LetterCode). */
  language?: Language;
  isStudent?: boolean;
  /** A coach's sign-in (the answer's `coach.id`): the portal shows the coach's screens, never the student's. */
  coachId?: number;
}

/** Whether the signed-in account is a coach (the route guards send each kind to its own screens). */
export const isCoachSession = (session: Pick<PortalSession, 'coachId'> | null | undefined): boolean => Boolean(session?.coachId);

/** The student part of the customer sign-in answer and of GET /auth/me (api/auth/auth.service.ts profileOf; domain/contract/people.ts). */
export type SignedInStudent = SignedInStudentAnswer;

/** POST /auth/signin/customer and POST /auth/customer/verify_code answer this. */
export interface SignInAnswer {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  student: SignedInStudent | null;
  coach?: { id: number };
  cdn?: Record<string, unknown>;
}

export const asLanguage = (code: string | null | undefined): Language | undefined => (code?.toUpperCase() === 'ES' ? 'ES' : code?.toUpperCase() === 'EN' ? 'EN' : undefined);

export function sessionFromSignIn(answer: SignInAnswer, now: number): PortalSession {
  const s = answer.student;
  return {
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    expiresAt: now + answer.expiresIn * 1000,
    userId: s?.user.id,
    studentId: s?.id,
    email: s?.user.email,
    firstName: s?.personalInfo.firstName,
    lastName: s?.personalInfo.lastName,
    fullName: s ? `${s.personalInfo.firstName} ${s.personalInfo.lastName}`.trim() : undefined,
    language: asLanguage(s?.languageIso2LetterCode),
    isStudent: s?.isStudent,
    ...(answer.coach?.id ? { coachId: answer.coach.id } : {}),
    cdn: answer.cdn ?? null,
  };
}

/** Why the session went away: the shared client clears it when a refresh fails; a sign-out says so. */
export type SessionEnd = 'expired' | 'signedOut';

export interface ObservableSessionStore extends SessionStore {
  get(): PortalSession | null;
  set(session: PortalSession): void;
  /** Merges into the current session (no-op without one). */
  update(patch: Partial<PortalSession>): void;
  /** `clear()` is what the http client calls when the tokens are no good: an expiry. */
  clear(): void;
  /** Ends the session for a reason (a sign-out is not an expiry: no /verify detour). */
  end(reason: SessionEnd): void;
  /** How the last session of this page ended; null when it has not ended (or ended in another tab). */
  endedBecause(): SessionEnd | null;
  subscribe(listener: () => void): () => void;
}

/**
 * Wraps a store so readers get one stable object per change (useSyncExternalStore) and hear about
 * writes from this tab and, through the `storage` event, from other tabs (a refresh in another tab
 * rotates the refresh token: this tab must not present the old one).
 */
export function observableStore(inner: SessionStore, storageKey = SESSION_KEY): ObservableSessionStore {
  const listeners = new Set<() => void>();
  let cached: { value: PortalSession | null } | null = null;
  let ended: SessionEnd | null = null;
  const notify = () => {
    cached = null;
    listeners.forEach((listener) => listener());
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === storageKey || event.key === null) {
        ended = null;
        notify();
      }
    });
  }
  const store: ObservableSessionStore = {
    get() {
      if (!cached) cached = { value: inner.get() as PortalSession | null };
      return cached.value;
    },
    set(session) {
      ended = null;
      inner.set(session);
      notify();
    },
    update(patch) {
      const current = store.get();
      if (current) store.set({ ...current, ...patch });
    },
    clear() {
      store.end('expired');
    },
    end(reason) {
      ended = reason;
      inner.clear();
      notify();
    },
    endedBecause: () => ended,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

export const portalSessionStore = (storage?: Storage) => observableStore(localSessionStore(SESSION_KEY, storage));
