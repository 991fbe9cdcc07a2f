import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import type { HttpRequest } from '../../admin/src/providers/http';
import informationBanner from '../../admin/src/resources/information-banner';
import { informationBanner as texts } from '../../admin/src/resources/information-banner/i18n';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const banner = {
  id: 5,
  title: 'Portal maintenance',
  content: '<p>Down on <strong>Sunday</strong>.</p>',
  type: 'WARNING',
  audience: 'COHORT',
  programId: null,
  cohortIds: [3],
  coachingCircleId: null,
  published: false,
  publishedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: { id: 10, name: 'Root Admin' },
};
const other = { ...banner, id: 6, title: 'Welcome week', type: 'SUCCESS', audience: 'ALL', cohortIds: [], published: true, publishedAt: '2026-11-21T10:00:00.000Z' };
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });

function renderConsole(path: string, { permissions = ['*'], locale = 'en' }: { permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  let published = false;
  const request = jest.fn(async (req: HttpRequest) => {
    const method = req.method ?? 'GET';
    if (req.path === '/information_banner' && method === 'GET') return page([{ ...banner, published }, other]);
    if (req.path === '/information_banner' && method === 'POST') return { ...banner, ...(req.body as object), id: 7, cohortIds: [] };
    if (req.path === '/information_banner/5' && method === 'GET') return { ...banner, published };
    if (req.path === '/information_banner/5' && method === 'PUT') return { ...banner, ...(req.body as object) };
    if (req.path === '/information_banner/7' && method === 'GET') return { ...banner, id: 7, audience: 'ALL', cohortIds: [] };
    if (req.path === '/information_banner/5/publish' && method === 'PATCH') {
      published = req.query?.publish === true;
      return { ...banner, published };
    }
    if (req.path === '/cohorts' || req.path === '/cohorts/find_by_criteria') return page([{ id: 3, label: 'HCTP 01-15-2030 - 12-15-2030' }]);
    if (req.path === '/programs') return page([]);
    if (/^\/users\/\d+\/view_histories$/.test(req.path)) return { id: 1 };
    if (req.path === '/students') return page([]);
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions,
    locale,
    children: [
      <Resource key="information-banner" name="information-banner" {...informationBanner} />,
      <Resource key="students" name="students" list={() => <div>students</div>} />,
    ],
  });
  return request;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/information-banner', () => {
  test('lists banners id ascending: title, level, audience and published status by their labels', async () => {
    const request = renderConsole('/information-banner');
    const row = (await screen.findByText('Portal maintenance')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)).toEqual(['5', 'Portal maintenance', 'Warning', 'Cohort', 'Not published']);
    const second = screen.getByText('Welcome week').closest('tr') as HTMLElement;
    expect(second.textContent).toContain('Success');
    expect(second.textContent).toContain('All');
    expect(second.textContent).toContain('Published');
    expect(calls(request, 'GET', '/information_banner')[0].query).toMatchObject({ size: 10, page: 0, sortBy: 'id', descending: false });
  });

  test('the level filter asks the plain list with type=ERROR', async () => {
    const request = renderConsole('/information-banner');
    await screen.findByText('Portal maintenance');
    fireEvent.mouseDown(within(screen.getByTestId('filter-type')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Error' }));
    await waitFor(() => expect(calls(request, 'GET', '/information_banner').at(-1)?.query).toMatchObject({ type: 'ERROR' }));
  });

  test('a row opens its drawer: the form with its cohorts, Publish patches publish=true and the chip follows', async () => {
    const request = renderConsole('/information-banner');
    fireEvent.click(await screen.findByText('Portal maintenance'));
    await waitFor(() => expect(currentLocation()).toBe('/information-banner/5'));
    expect(await screen.findByTestId('drawer-title')).toHaveProperty('textContent', 'Portal maintenance');
    expect(await screen.findByText('HCTP 01-15-2030 - 12-15-2030')).not.toBeNull();
    expect(screen.getByTestId('banner-preview')).not.toBeNull();
    fireEvent.click(screen.getByTestId('publish-banner'));
    await waitFor(() => expect(calls(request, 'PATCH', '/information_banner/5/publish')).toHaveLength(1));
    expect(calls(request, 'PATCH', '/information_banner/5/publish')[0].query).toEqual({ publish: true });
    expect(await screen.findByText('Published: the portal shows it to its audience')).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('banner-published').textContent).toBe('Published'));
  });

  test('saving the drawer sends exactly the API body (only the audience’s ids)', async () => {
    const request = renderConsole('/information-banner/5');
    const title = (await screen.findByLabelText(/^Title/)) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Maintenance moved' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'PUT', '/information_banner/5')).toHaveLength(1));
    expect(calls(request, 'PUT', '/information_banner/5')[0].body).toEqual({
      title: 'Maintenance moved',
      content: banner.content,
      type: 'WARNING',
      audience: 'COHORT',
      programId: null,
      cohortIds: [3],
      coachingCircleId: null,
    });
  });

  test('the add drawer posts a new banner for everyone and moves to it', async () => {
    const request = renderConsole('/information-banner/create');
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'Holiday hours' } });
    fireEvent.change(screen.getByLabelText(/^Content/), { target: { value: '<p>Closed on the 25th.</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'POST', '/information_banner')).toHaveLength(1));
    expect(calls(request, 'POST', '/information_banner')[0].body).toEqual({
      title: 'Holiday hours',
      content: '<p>Closed on the 25th.</p>',
      type: 'INFO',
      audience: 'ALL',
      programId: null,
      cohortIds: [],
      coachingCircleId: null,
    });
    await waitFor(() => expect(currentLocation()).toBe('/information-banner/7'));
  });

  test('staff who only read see no Add, no Publish and no form', async () => {
    renderConsole('/information-banner/5', { permissions: ['banners:read', 'students:read'] });
    expect(await screen.findByTestId('banner-view')).not.toBeNull();
    expect(screen.queryByTestId('publish-banner')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByText('Add information banner')).toBeNull();
  });

  test('reads in Spanish', async () => {
    renderConsole('/information-banner', { locale: 'es' });
    const row = (await screen.findByText('Portal maintenance')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Advertencia');
    expect(row.textContent).toContain('Cohorte');
    expect(row.textContent).toContain('No publicado');
    expect(screen.getByText('Agregar aviso informativo')).not.toBeNull();
  });

  test('every English text has its Spanish one', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(texts.es).sort()).toEqual(keys(texts.en).sort());
  });
});
