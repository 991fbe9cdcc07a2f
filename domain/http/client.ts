import { Messages } from '../../models/messages';

/**
 * The one HTTP client of the console and the portal (issue 16 §3: in domain/http/, which both import;
 * admin/src/providers/http.ts re-exports it for the console's code): bearer token on every call, the access token
 * refreshed shortly before it expires and once more on a 401, the contract's error body turned into
 * an `HttpError`. The transport (`fetch`) and the session store are injected so the providers can be
 * unit-tested without a server.
 */

/** What a sign-in leaves behind; only this (and preferences) survives a reload. */
export interface Session {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds when the access token stops being accepted. */
  expiresAt: number;
  userId?: number;
  adminId?: number;
  studentId?: number;
  email?: string;
  fullName?: string;
  roles?: string[];
  permissions?: string[];
  /** Signed content-delivery credentials (key pair id, signature, policy). */
  cdn?: Record<string, unknown> | null;
}

export interface SessionStore {
  get(): Session | null;
  set(session: Session): void;
  clear(): void;
}

/** A session kept in localStorage under one key (console and portal use different keys). */
export function localSessionStore(key: string, storage: Storage | undefined = globalThis.localStorage): SessionStore {
  return {
    get() {
      try {
        const raw = storage?.getItem(key);
        return raw ? (JSON.parse(raw) as Session) : null;
      } catch {
        return null;
      }
    },
    set(session) {
      storage?.setItem(key, JSON.stringify(session));
    },
    clear() {
      storage?.removeItem(key);
    },
  };
}

/** A session kept in memory: tests, and browsers without storage. */
export function memorySessionStore(initial: Session | null = null): SessionStore {
  let current = initial;
  return {
    get: () => current,
    set: (s) => {
      current = s;
    },
    clear: () => {
      current = null;
    },
  };
}

/** The contract's error body: `{ status, code, message, errors? }`. */
export interface ApiErrorBody {
  status: number;
  code?: string;
  message: string;
  errors?: Record<string, string>;
  details?: unknown;
}

/** A non-2xx answer. `body` is the server's error body, passed on untouched. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  /** A 401 on a call made with a session: the session ended (as opposed to never having signed in). */
  readonly sessionExpired: boolean;
  constructor(status: number, body: ApiErrorBody, sessionExpired = false) {
    super(body.message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.sessionExpired = sessionExpired;
  }
}

export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** false for sign-in, refresh and the other public calls: no bearer, no refresh. */
  auth?: boolean;
  /** Answer the raw Response (downloads) instead of parsed JSON. */
  raw?: boolean;
}

export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  baseUrl?: string;
  store: SessionStore;
  fetch?: Transport;
  /** Refresh this long before expiry. */
  refreshMarginMs?: number;
  now?: () => number;
  /** Called when a 401 could not be cured by a refresh. */
  onUnauthorized?: () => void;
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** `?a=1&b=x&b=y` with empty values left out. */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorBodyOf(status: number, body: unknown): ApiErrorBody {
  if (body && typeof body === 'object' && typeof (body as ApiErrorBody).message === 'string') {
    return { ...(body as ApiErrorBody), status };
  }
  return { status, message: Messages.GENERIC };
}

/** How long a prefetched answer waits for the call it was made for. */
export const PREFETCH_MS = 10_000;

/** Builds the client. Refreshes are single-flight: concurrent calls share one refresh. */
export function createHttpClient(options: HttpClientOptions) {
  const baseUrl = options.baseUrl ?? '/api';
  const transport: Transport = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const now = options.now ?? Date.now;
  const margin = options.refreshMarginMs ?? 30_000;
  const { store } = options;
  let refreshing: Promise<boolean> | null = null;
  // GET answers asked for ahead of need (`prefetch`): the first identical call within PREFETCH_MS takes one.
  const prefetched = new Map<string, { answer: Promise<unknown>; at: number }>();
  let capturing = false;

  async function send(req: HttpRequest, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    let body: BodyInit | undefined;
    if (typeof FormData !== 'undefined' && req.body instanceof FormData) {
      // An upload (POST /files): the browser writes the multipart Content-Type with its boundary.
      body = req.body;
    } else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    return transport(`${baseUrl}${req.path}${toQueryString(req.query)}`, { method: req.method ?? 'GET', headers, body });
  }

  /** Trades the refresh token for new tokens; false (and the session cleared) when it cannot. */
  function refresh(): Promise<boolean> {
    if (refreshing) return refreshing;
    const session = store.get();
    if (!session?.refreshToken) return Promise.resolve(false);
    refreshing = (async () => {
      try {
        const response = await send({ method: 'POST', path: '/auth/signin/refresh_token', body: { refreshToken: session.refreshToken } }, null);
        if (!response.ok) {
          store.clear();
          return false;
        }
        const tokens = (await readBody(response)) as { accessToken: string; refreshToken: string; expiresIn: number };
        store.set({ ...session, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: now() + tokens.expiresIn * 1000 });
        return true;
      } catch {
        return false;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function request<T = unknown>(req: HttpRequest): Promise<T> {
    if ((req.method ?? 'GET') !== 'GET' || req.raw) return send401Aware<T>(req);
    const key = `${req.path}${toQueryString(req.query)}`;
    if (capturing) {
      const answer = send401Aware<T>(req);
      prefetched.set(key, { answer, at: now() });
      answer.catch(() => undefined);
      return answer;
    }
    const early = prefetched.get(key);
    if (early) {
      prefetched.delete(key);
      if (now() - early.at <= PREFETCH_MS) return early.answer as Promise<T>;
    }
    return send401Aware<T>(req);
  }

  /**
   * Runs `calls` (a screen's first GETs, made through the usual API functions) ahead of need — while
   * the screen's code still loads — and keeps their answers for the screen's own identical calls.
   */
  function prefetch(calls: () => void): void {
    capturing = true;
    try {
      calls();
    } finally {
      capturing = false;
    }
  }

  async function send401Aware<T>(req: HttpRequest): Promise<T> {
    const authenticated = req.auth !== false;
    const hadSession = authenticated && store.get() !== null;
    if (authenticated) {
      const session = store.get();
      if (session && session.expiresAt - margin <= now()) await refresh();
    }
    let response = await send(req, authenticated ? (store.get()?.accessToken ?? null) : null);
    if (response.status === 401 && authenticated && store.get()) {
      if (await refresh()) response = await send(req, store.get()?.accessToken ?? null);
    }
    if (response.ok) return (req.raw ? response : await readBody(response)) as T;
    const body = errorBodyOf(response.status, await readBody(response));
    const expired = response.status === 401 && hadSession;
    if (expired) options.onUnauthorized?.();
    throw new HttpError(response.status, body, expired);
  }

  return { request, refresh, store, prefetch };
}
