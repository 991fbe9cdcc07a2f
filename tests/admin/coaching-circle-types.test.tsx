import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Resource } from 'react-admin';
import type { HttpRequest } from '../../admin/src/providers/http';
import coachingCirclesTypes from '../../admin/src/resources/coaching-circles-types';
import { coachingCircleTypes as texts } from '../../admin/src/resources/coaching-circles-types/i18n';
import { resources } from '../../admin/src/App';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const weekly = {
  id: 4,
  name: 'Weekly circle',
  description: 'Between modules',
  sessions: 8,
  maxStudents: 10,
  frequency: 1,
  frequencyUnit: 'WEEKS',
  duration: 90,
  deleted: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: { id: 10, name: 'Root Admin' },
};
const monthly = { ...weekly, id: 5, name: 'Monthly check-in', frequencyUnit: 'MONTHS', frequency: 2, duration: 60, deleted: true };
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });

function renderConsole(path: string, { permissions = ['*'], locale = 'en' }: { permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    const method = req.method ?? 'GET';
    if (req.path === '/coaching_circle_types' && method === 'GET') return page(req.query?.deleted === true ? [monthly] : [weekly]);
    if (req.path === '/coaching_circle_types' && method === 'POST') return { ...weekly, ...(req.body as object), id: 7 };
    if (req.path === '/coaching_circle_types/4' && method === 'GET') return weekly;
    if (req.path === '/coaching_circle_types/5' && method === 'GET') return monthly;
    if (req.path === '/coaching_circle_types/7' && method === 'GET') return { ...weekly, id: 7, name: 'Fortnightly' };
    if (req.path === '/coaching_circle_types/4' && method === 'PUT') return { ...weekly, ...(req.body as object) };
    if (req.path === '/coaching_circle_types/4' && method === 'DELETE') return undefined;
    if (req.path === '/coaching_circle_types/5/undeleted' && method === 'PATCH') return { ...monthly, deleted: false };
    if (/^\/users\/\d+\/view_histories$/.test(req.path)) return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path, request, permissions, locale, children: [<Resource key="coaching-circles-types" name="coaching-circles-types" {...coachingCirclesTypes} />] });
  return request;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/coaching-circles-types', () => {
  test('is a menu entry; lists the types by name without the archived ones; the Archived switch asks deleted=true', async () => {
    expect(resources.map(([name]) => name)).toContain('coaching-circles-types');
    const request = renderConsole('/coaching-circles-types');
    const row = (await screen.findByText('Weekly circle')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(expect.arrayContaining(['4', 'Weekly circle', '8', 'Every week, 90 min', '10']));
    expect(calls(request, 'GET', '/coaching_circle_types')[0].query).toMatchObject({ size: 10, page: 0, sortBy: 'name', descending: false, deleted: false });
    fireEvent.click(screen.getByLabelText('Archived'));
    expect(await screen.findByText('Monthly check-in')).not.toBeNull();
    expect(calls(request, 'GET', '/coaching_circle_types').at(-1)?.query).toMatchObject({ deleted: true });
    expect(screen.getByTestId('circle-type-archived-5').textContent).toBe('Archived');
  });

  test('the add drawer posts exactly the API body and moves to the new type', async () => {
    const request = renderConsole('/coaching-circles-types/create');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: ' Fortnightly ' } });
    fireEvent.change(screen.getByLabelText(/^Every/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'POST', '/coaching_circle_types')).toHaveLength(1));
    expect(calls(request, 'POST', '/coaching_circle_types')[0].body).toEqual({
      name: 'Fortnightly',
      description: null,
      sessions: 8,
      maxStudents: 10,
      frequency: 2,
      frequencyUnit: 'WEEKS',
      duration: 90,
    });
    await waitFor(() => expect(currentLocation()).toBe('/coaching-circles-types/7'));
  });

  test('a duration above 240 minutes is refused before any call; the edit drawer saves and archives', async () => {
    const request = renderConsole('/coaching-circles-types/4');
    await waitFor(() => expect(screen.getByTestId('drawer-title').textContent).toBe('Weekly circle'));
    const duration = await screen.findByLabelText(/^Duration/);
    fireEvent.change(duration, { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be 240 or less')).not.toBeNull();
    expect(calls(request, 'PUT', '/coaching_circle_types/4')).toHaveLength(0);
    fireEvent.change(duration, { target: { value: '120' } });
    fireEvent.blur(duration);
    await waitFor(() => expect(screen.queryByText('Must be 240 or less')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(request.mock.calls.map(([r]) => `${r.method} ${r.path}`)).toContain('PUT /coaching_circle_types/4'));
    expect(calls(request, 'PUT', '/coaching_circle_types/4')[0].body).toMatchObject({ name: 'Weekly circle', description: 'Between modules', duration: 120 });
    fireEvent.click(screen.getByTestId('archive-circle-type'));
    await waitFor(() => expect(calls(request, 'DELETE', '/coaching_circle_types/4')).toHaveLength(1));
    expect(await screen.findByText('Coaching circle type archived: new circles can no longer use it')).not.toBeNull();
  });

  test('an archived type says so and can be restored; readers see no form and no Add', async () => {
    const request = renderConsole('/coaching-circles-types/5');
    expect(await screen.findByTestId('circle-type-archived')).not.toBeNull();
    fireEvent.click(screen.getByTestId('restore-circle-type'));
    await waitFor(() => expect(calls(request, 'PATCH', '/coaching_circle_types/5/undeleted')).toHaveLength(1));
  });

  test('staff who only read see the type, no form, no Add and no Archive', async () => {
    renderConsole('/coaching-circles-types/4', { permissions: ['coaching_circles:read'] });
    expect(await screen.findByTestId('circle-type-view')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByTestId('archive-circle-type')).toBeNull();
    expect(screen.queryByText('Add coaching circle type')).toBeNull();
  });

  test('reads in Spanish; every English text has its Spanish one', async () => {
    renderConsole('/coaching-circles-types', { locale: 'es' });
    const row = (await screen.findByText('Weekly circle')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Cada semana, 90 min');
    expect(screen.getByText('Agregar tipo de círculo de coaching')).not.toBeNull();
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(texts.es).sort()).toEqual(keys(texts.en).sort());
  });
});
