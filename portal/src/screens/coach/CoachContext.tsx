/**
 * The signed-in coach's data, loaded once by the coach's layout and shared by their screens: their
 * own record (GET /coaches/me: name and time zone), their groups and each group's sessions with the
 * roster. A screen that saves puts the server's answer back here, so every screen shows it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useApi } from '../../components/PortalContext';
import { coachApi, type CoachApi, type CoachGroup, type CoachSelf, type GroupSession } from '../../lib/coach-api';
import { describeError, type ErrorView } from '../../lib/errors';
import { coachZone } from './schedule';

export interface CoachState {
  calls: CoachApi;
  coach: CoachSelf | null;
  /** The coach's IANA time zone (their record's, else the browser's). */
  zone: string;
  groups: CoachGroup[];
  sessions: ReadonlyMap<number, GroupSession[]>;
  loading: boolean;
  error: ErrorView | null;
  reload(): Promise<void>;
  putGroup(group: CoachGroup): void;
  putSession(groupId: number, session: GroupSession): void;
  /** The coach's record as the server answered a save (their zone may have changed). */
  putCoach(coach: CoachSelf): void;
}

const CoachContext = createContext<CoachState | null>(null);

interface Data {
  coach: CoachSelf | null;
  groups: CoachGroup[];
  sessions: Map<number, GroupSession[]>;
}

export function CoachProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const calls = useMemo(() => coachApi(api.http), [api]);
  const [data, setData] = useState<Data>({ coach: null, groups: [], sessions: new Map() });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ErrorView | null>(null);

  const load = useCallback(async (): Promise<Data> => {
    // The record only gives the name and the zone: without it the screens still work (browser's zone).
    const [coach, groups] = await Promise.all([calls.me().catch(() => null), calls.groups()]);
    const lists = await Promise.all(groups.map((g) => calls.sessions(g.id)));
    return { coach, groups, sessions: new Map(groups.map((g, i) => [g.id, lists[i]])) };
  }, [calls]);

  const reload = useCallback(async () => {
    try {
      setData(await load());
      setError(null);
    } catch (failure) {
      setError(describeError(failure));
    }
  }, [load]);

  useEffect(() => {
    let live = true;
    load().then(
      (next) => {
        if (!live) return;
        setData(next);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(describeError(failure));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [load]);

  const putGroup = useCallback((group: CoachGroup) => setData((d) => ({ ...d, groups: d.groups.map((g) => (g.id === group.id ? group : g)) })), []);
  const putCoach = useCallback((coach: CoachSelf) => setData((d) => ({ ...d, coach })), []);
  const putSession = useCallback(
    (groupId: number, session: GroupSession) =>
      setData((d) => {
        const sessions = new Map(d.sessions);
        sessions.set(
          groupId,
          (sessions.get(groupId) ?? []).map((s) => (s.id === session.id ? session : s)),
        );
        return { ...d, sessions };
      }),
    [],
  );

  const value = useMemo<CoachState>(
    () => ({
      calls,
      coach: data.coach,
      zone: coachZone(data.coach?.timeZone),
      groups: data.groups,
      sessions: data.sessions,
      loading,
      error,
      reload,
      putGroup,
      putSession,
      putCoach,
    }),
    [calls, data, loading, error, reload, putGroup, putSession, putCoach],
  );
  return <CoachContext.Provider value={value}>{children}</CoachContext.Provider>;
}

export function useCoach(): CoachState {
  const context = useContext(CoachContext);
  if (!context) throw new Error('useCoach outside CoachProvider');
  return context;
}
