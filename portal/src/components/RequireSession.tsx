/**
 * Protected routes (platform spec §2 "Protection"): without a session, to /login with the full
 * intended path (path, search and hash) remembered in the router state. A session that expired
 * under this screen (the client could not refresh it) goes to /verify?to={this path} instead.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { verifyRedirect, type LoginState } from '../lib/paths';
import { useApi, useSession } from './PortalContext';

export function RequireSession({ children }: { children: ReactNode }) {
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
  return children;
}
