/**
 * The unread count of the student's inbox (the badge of Messages in the menu and the app bar): read
 * when the layout opens, on every move to another screen, and when a screen asks (a message was just
 * read). A failure leaves the badge as it was (the count is a hint, never a blocker).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useApi, useSession } from '../components/PortalContext';
import { inboxApi } from '../lib/inbox-api';

interface UnreadState {
  count: number;
  refresh(): void;
}

const UnreadContext = createContext<UnreadState>({ count: 0, refresh: () => {} });

export function UnreadProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const studentId = useSession()?.studentId;
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  const [version, setVersion] = useState(0);
  const calls = useMemo(() => inboxApi(api.http), [api]);

  useEffect(() => {
    if (!studentId) return;
    let live = true;
    calls.unreadCount(studentId).then(
      (answer) => {
        if (live) setCount(answer.count);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [calls, studentId, pathname, version]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const value = useMemo(() => ({ count, refresh }), [count, refresh]);
  return <UnreadContext.Provider value={value}>{children}</UnreadContext.Provider>;
}

export const useUnreadMessages = (): UnreadState => useContext(UnreadContext);
