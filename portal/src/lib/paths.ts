/** Where the portal sends people: remembered paths, the /verify redirect, and guards against open redirects. */

/** Only a path inside the portal (`/x...`), never `//host` or `https://...`; else null. */
export function safeInternalPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

export const isVerifyPath = (path: string) => path === '/verify' || path.startsWith('/verify?') || path.startsWith('/verify/');

/** Where a 401 the client cannot cure sends the user; null when they are already on /verify. */
export function verifyRedirect(currentPath: string): string | null {
  if (isVerifyPath(currentPath)) return null;
  return `/verify?to=${encodeURIComponent(currentPath)}`;
}

/** Router state a protected route leaves for the login screen. */
export interface LoginState {
  from?: string;
  /** A message key to show on arrival (e.g. after a password reset). */
  notice?: 'passwordReset' | 'signedOut';
}

export const HOME_PATH = '/home';

/** A coach's home (issue 19): the coach's screens live under /coach. */
export const COACH_HOME_PATH = '/coach';
