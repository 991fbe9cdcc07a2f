/** One call's answer for a screen: loading, the answer or the failure, and a reload. */
import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { useApi } from '../../components/PortalContext';
import { enrollmentApi, type EnrollmentApi } from '../../lib/enrollment-api';
import { describeError, type ErrorView } from '../../lib/errors';

/** The enrollment calls over the portal's one HTTP client. */
export function useEnrollmentApi(): EnrollmentApi {
  const api = useApi();
  const [calls] = useState(() => enrollmentApi(api.http));
  return calls;
}

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  error: ErrorView | null;
  reload(): Promise<void>;
  /** Replaces the answer after a write that returned it. */
  setData(data: T): void;
}

export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ErrorView | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` is the caller's list for `load` (checked at each call site: eslint.config.mjs names useLoad)
  const run = useCallback(load, deps);

  const reload = useCallback(async () => {
    try {
      setData(await run());
      setError(null);
    } catch (failure) {
      setError(describeError(failure));
    }
  }, [run]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    run().then(
      (answer) => {
        if (!live) return;
        setData(answer);
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
  }, [run]);

  return { data, loading, error, reload, setData };
}
