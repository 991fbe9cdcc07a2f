/** The portal's API client and session, shared with every screen. */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { PortalApi } from '../lib/api';
import type { PortalSession } from '../lib/session';

const ApiContext = createContext<PortalApi | null>(null);

export function ApiProvider({ api, children }: { api: PortalApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): PortalApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}

/** The current session (re-renders on sign-in, refresh, sign-out and changes from other tabs). */
export function useSession(): PortalSession | null {
  const { store } = useApi();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
