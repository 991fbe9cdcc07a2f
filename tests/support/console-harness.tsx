import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Admin, memoryStore, type LayoutComponent } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createAuthProvider } from '../../admin/src/providers/authProvider';
import { createDataProvider } from '../../admin/src/providers/dataProvider';
import { memorySessionStore, type HttpClient, type HttpRequest } from '../../admin/src/providers/http';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';

/**
 * The console's screen tests: the real data, auth and i18n providers over a fake HTTP client
 * (`request`, a jest mock answering like the API), signed in with `permissions`, at `path`.
 */

/** Where the console is: record drawers and tabs are routes. Read it with `currentLocation()`. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export const currentLocation = () => screen.getByTestId('location').textContent;

/** The calls the screens made with one method and path. */
export const callsOf = (request: jest.Mock, method: string, path: string) =>
  request.mock.calls.map(([r]) => r as HttpRequest).filter((r) => (r.method ?? 'GET') === method && r.path === path);

/** Renders <Admin> with the given <Resource> children. */
export function renderAdmin(opts: { path: string; request: jest.Mock; permissions: string[]; locale?: 'en' | 'es'; layout?: LayoutComponent; children: ReactNode }) {
  const session = {
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    adminId: 1,
    userId: 10,
    email: 'root@example.com',
    fullName: 'Root Admin',
    roles: [],
    permissions: opts.permissions,
  };
  const http = { request: opts.request, refresh: jest.fn(), store: memorySessionStore(session) } as unknown as HttpClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[opts.path]}>
      <Admin
        dataProvider={createDataProvider(http)}
        authProvider={createAuthProvider(http)}
        i18nProvider={createI18nProvider(opts.locale ?? 'en')}
        store={memoryStore()}
        queryClient={queryClient}
        layout={opts.layout}
        disableTelemetry
      >
        {opts.children}
      </Admin>
      <LocationProbe />
    </MemoryRouter>,
  );
}
