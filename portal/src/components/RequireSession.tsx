/**
 * Protected routes (platform spec §2 "Protection"): without a session, to /login with the full
 * intended path (path, search and hash) remembered in the router state. A session that expired
 * under this screen (the client could not refresh it) goes to /verify?to={this path} instead.
 * With `kind`, the route is for that account kind only (issue 19): a coach on a student screen goes
 * to the coach's home, a student on a coach screen to the student's home.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { COACH_HOME_PATH, HOME_PATH, verifyRedirect, type LoginState } from '../lib/paths';
import { isCoachSession } from '../lib/session';
import { useApi, useSession } from './PortalContext';

export function RequireSession({ children, kind }: { children: ReactNode; kind?: 'STUDENT' | 'COACH' }) {
  const { store } = useApi();
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    const verify = store.endedBecause() === 'expired' ? verifyRedirect(here) : null;
    if (verify) return <Navigate to={verify} replace />;
    const state: LoginState = { from: here };
    return <Navigate to="/login" replace state={state} />;
  }
  const coach = isCoachSession(session);
  if (kind === 'STUDENT' && coach) return <Navigate to={COACH_HOME_PATH} replace />;
  if (kind === 'COACH' && !coach) return <Navigate to={HOME_PATH} replace />;
  return children;
}
