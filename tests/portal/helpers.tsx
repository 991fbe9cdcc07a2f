/** Test harness of the portal: a fake API behind the real http client, the app in a MemoryRouter. */
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { PortalApp } from '../../portal/src/App';
import { createPortalApi } from '../../portal/src/lib/api';
import { SESSION_KEY, type PortalSession } from '../../portal/src/lib/session';

export interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
  authorization?: string;
}
export type Answer = { status: number; body?: unknown };
export type Handler = (call: Call) => Answer | undefined;

/** A minimal Response: the shared client reads status, ok and text(). */
function response({ status, body }: Answer): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { status, ok: status >= 200 && status < 300, text: async () => text, json: async () => JSON.parse(text) } as unknown as Response;
}

/** Routes `METHOD /path` (after /api, without the query) to answers; anything else is a 404 the test will notice. */
export function fakeApi(routes: Record<string, Answer | Handler>) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const [pathWithApi, query = ''] = url.split('?');
    const path = pathWithApi.replace(/^\/api/, '');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: Call = {
      method: init.method ?? 'GET',
      path,
      query,
      body: init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined,
      authorization: headers.Authorization,
    };
    calls.push(call);
    const route = routes[`${call.method} ${path}`];
    const answer = typeof route === 'function' ? route(call) : route;
    return response(answer ?? { status: 404, body: { status: 404, code: 'NOT_FOUND', message: `No fake for ${call.method} ${path}` } });
  };
  return { calls, fetch, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const NOW = 1_800_000_000_000;

export function storeSession(over: Partial<PortalSession> = {}): PortalSession {
  const session: PortalSession = {
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    expiresAt: NOW + 3_600_000,
    userId: 11,
    studentId: 7,
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Lopez',
    fullName: 'Ana Lopez',
    language: 'EN',
    ...over,
  };
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  return session;
}

export const storedSession = (): PortalSession | null => {
  const raw = localStorage.getItem(SESSION_KEY);
  return raw ? (JSON.parse(raw) as PortalSession) : null;
};

/** The record GET /api/students/7 answers (the contract's student shape, staff fields included). */
export function studentRecord(over: Record<string, unknown> = {}) {
  return {
    id: 7,
    active: true,
    isStudent: true,
    user: { id: 11, email: 'ana@example.com' },
    personalInfo: {
      firstName: 'Ana',
      middleName: null,
      lastName: 'Lopez',
      title: 'Dr.',
      suffix: null,
      gender: 'FEMALE',
      dateOfBirth: '1990-05-14',
      educationLevel: 'BACHELOR',
      occupation: 'Nurse',
      militaryMember: false,
    },
    contactInfo: { mobilePhone: '+13055550123', homePhone: null, workPhone: '+13055550999' },
    address: { street1: '1 Main St', street2: null, city: 'Miami', stateCode: 'FL', zip: '33101', countryCode: 'US' },
    languageIso2LetterCode: 'EN',
    autoPay: false,
    timeZone: null,
    source: 'WEBSITE',
    salesforceLeadId: null,
    d2lUserId: null,
    edluminaId: null,
    communicationPreferences: { email: true, sms: true },
    archived: false,
    mergedIntoId: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
    updatedBy: { id: 11, name: 'Ana Lopez' },
    ...over,
  };
}

export const lookups = {
  'GET /public/lookups': (call: Call): Answer => ({
    status: 200,
    body: {
      content: call.query.includes('US_STATE')
        ? [
            { type: 'US_STATE', value: 'FL', label: 'Florida' },
            { type: 'US_STATE', value: 'NY', label: 'New York' },
          ]
        : [
            { type: 'COUNTRY', value: 'MX', label: 'Mexico' },
            { type: 'COUNTRY', value: 'US', label: 'United States' },
          ],
    },
  }),
};

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export const currentLocation = () => screen.getByTestId('location').textContent;

export function renderPortal(path: string, fetch: ReturnType<typeof fakeApi>['fetch']) {
  const api = createPortalApi({ fetch, now: () => NOW });
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <PortalApp api={api} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { api, ...utils };
}

/** Lets pending promises (lazy screens, fake calls) settle. */
export const flush = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** Waits until the screen's heading of `level` reads exactly `text`. */
export async function expectHeading(text: string, level = 1) {
  await waitFor(() => expect(screen.getAllByRole('heading', { level }).map((h) => h.textContent)).toContain(text));
}

export const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

/** The text under a field (its error or hint), found through aria-describedby. */
export function helperOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}
