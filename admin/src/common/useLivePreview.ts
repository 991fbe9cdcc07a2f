import { useEffect, useRef, useState } from 'react';
import type { TranslateFunction } from 'react-admin';
import { fieldErrorsOf } from './useServerRefusal';

export interface LivePreview<T> {
  /** The server's answer for the current request (undefined while it is being asked, or when refused). */
  data: T | undefined;
  /** The server's refusal of the current request. */
  error: unknown;
  /** True from a change until the server has answered it. */
  loading: boolean;
}

/**
 * A preview asked again on every change of what it would do (transfers and withdrawals: the money a
 * change will move, before its Confirm button): `request` null asks nothing; a new request waits
 * `delay` ms for typing to settle, and an answer to an older request is dropped, so what is shown is
 * always the answer to what the form holds now.
 */
export function useLivePreview<T>(request: unknown, call: (request: never) => Promise<T>, delay = 300): LivePreview<T> {
  const key = request === null || request === undefined ? null : JSON.stringify(request);
  const callRef = useRef(call);
  callRef.current = call;
  const [state, setState] = useState<{ key: string | null; data?: T; error?: unknown }>({ key: null });
  useEffect(() => {
    if (key === null) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      callRef.current(JSON.parse(key) as never).then(
        (data) => live && setState({ key, data }),
        (error: unknown) => live && setState({ key, error: error ?? new Error('ra.notification.http_error') }),
      );
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, delay]);
  const current = key !== null && state.key === key;
  return { data: current ? state.data : undefined, error: current ? state.error : undefined, loading: key !== null && !current };
}

/** A preview's refusal in words: the field errors of a 400 (each translated), else the server's message (409). */
export function previewRefusalText(error: unknown, translate: TranslateFunction): string {
  const fields = fieldErrorsOf(error);
  const messages = fields ? Object.values(fields) : [(error as Error | null)?.message || 'ra.notification.http_error'];
  return [...new Set(messages)].map((m) => translate(m, { _: m })).join(' · ');
}
