import type { AuthProvider } from 'react-admin';
import { canAccess } from './canAccess';
import { HttpError, type HttpClient, type Session } from './http';

/**
 * Sign-in, session and permissions of the console (platform spec §2 "Protection", back-office §4 "Auth"):
 * login stores the session, a failed login clears it and passes the server's body on; tokens are
 * refreshed by the http client before expiry and on a 401; a 401 the refresh cannot cure sends the
 * user to /verify?to={current path} (not when already there); protected routes send an unauthenticated
 * user to /login and react-admin brings them back to the full intended path after.
 */

interface AdminSignInAnswer {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  administrator: { id: number; userId: number; email: string; firstName: string; lastName: string; roles: string[]; permissions: string[] };
  cdn?: Record<string, unknown>;
}

export interface AuthProviderOptions {
  /** The path of the current screen inside the console, e.g. `/students/42?tab=profile`. */
  currentPath?: () => string;
  now?: () => number;
}

/** `/admin/students/42?x=1` → `/students/42?x=1` (the router's basename is /admin). */
export function consolePath(location: Pick<Location, 'pathname' | 'search'>): string {
  const path = location.pathname.replace(/^\/admin(?=\/|$)/, '') || '/';
  return `${path}${location.search}`;
}

/** Where a 401 sends the user; null when they are already on /verify. */
export function verifyRedirect(current: string): string | null {
  if (current === '/verify' || current.startsWith('/verify?') || current.startsWith('/verify/')) return null;
  return `/verify?to=${encodeURIComponent(current)}`;
}

export function sessionFromSignIn(answer: AdminSignInAnswer, now: number): Session {
  const a = answer.administrator;
  return {
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    expiresAt: now + answer.expiresIn * 1000,
    adminId: a.id,
    userId: a.userId,
    email: a.email,
    fullName: `${a.firstName} ${a.lastName}`.trim(),
    roles: a.roles,
    permissions: a.permissions,
    cdn: answer.cdn ?? null,
  };
}

export function createAuthProvider(http: HttpClient, options: AuthProviderOptions = {}): AuthProvider {
  const { store } = http;
  const now = options.now ?? Date.now;
  const currentPath = options.currentPath ?? (() => consolePath(window.location));

  return {
    async login({ username, email, password }: { username?: string; email?: string; password: string }) {
      try {
        const answer = await http.request<AdminSignInAnswer>({ method: 'POST', path: '/auth/signin/admin', auth: false, body: { email: email ?? username, password } });
        store.set(sessionFromSignIn(answer, now()));
      } catch (error) {
        store.clear();
        throw error;
      }
    },

    async logout() {
      if (store.get()) {
        try {
          await http.request({ method: 'POST', path: '/auth/logout' });
        } catch {
          // The session is cleared locally whatever the server says.
        }
      }
      store.clear();
    },

    async checkAuth() {
      // No session: react-admin sends the visitor to /login. The sign-in screen says all there is to
      // say; react-admin's red 'Please login to continue' greeted every first visit (message: false
      // silences it). An ended session is told at /verify, through checkError.
      if (!store.get()) throw { message: false };
    },

    async checkError(error: unknown) {
      // Only an ended session goes to /verify; a visitor who never signed in is sent to /login by checkAuth.
      if (!(error instanceof HttpError) || error.status !== 401 || !error.sessionExpired) return;
      const redirectTo = verifyRedirect(currentPath());
      if (!redirectTo) return;
      // /verify asks for the password again and returns to the screen; no logout round-trip.
      throw { logoutUser: false, redirectTo, message: false };
    },

    async getIdentity() {
      const session = store.get();
      if (!session) throw new Error('ra.auth.auth_check_error');
      return { id: session.adminId ?? 0, fullName: session.fullName ?? session.email ?? '', email: session.email, userId: session.userId };
    },

    async getPermissions() {
      return store.get()?.permissions ?? [];
    },

    async canAccess({ resource, action }) {
      return canAccess(store.get()?.permissions, { resource, action });
    },
  };
}
