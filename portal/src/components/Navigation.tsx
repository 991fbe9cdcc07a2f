/** App-wide navigation effects: scroll to top on each new path; a 401 the client cannot cure → /verify?to=. */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { verifyRedirect } from '../lib/paths';
import { useApi } from './PortalContext';

export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function UnauthorizedRedirect() {
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef('');
  current.current = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    api.setUnauthorizedHandler(() => {
      const target = verifyRedirect(current.current);
      if (!target) return;
      // The tokens are no good any more: /verify signs in afresh and returns to the screen.
      api.store.clear();
      navigate(target, { replace: true });
    });
    return () => api.setUnauthorizedHandler(null);
  }, [api, navigate]);
  return null;
}
