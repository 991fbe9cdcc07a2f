import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, ListBase, Notification, memoryStore, useListContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { FilterChips } from '../../admin/src/common/FilterChips';
import { SavedFilters } from '../../admin/src/common/SavedFilters';
import { createDataProvider, type SavedFilter } from '../../admin/src/providers/dataProvider';
import { HttpError, memorySessionStore, type HttpClient, type HttpRequest } from '../../admin/src/providers/http';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';
import { studentFilterDescriptors } from '../../admin/src/resources/students/studentFilters';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

/** What the API answers for a saved filter besides its name and criteria (domain/contract/people.ts). */
const stamps = { createdAt: '2026-01-05T14:00:00.000Z', updatedAt: '2026-01-05T14:00:00.000Z', updatedBy: { id: 1, name: 'Ada Admin' } };
const floridaActives: SavedFilter = { id: 7, name: 'Florida actives', kind: 'students', criteria: { active: true, stateCodes: ['FL'] }, ...stamps };
const states = [
  { type: 'US_STATE', value: 'FL', label: 'Florida' },
  { type: 'US_STATE', value: 'TX', label: 'Texas' },
];

/** What the list currently filters by (the list's own state, as the URL keeps it). */
function FilterProbe() {
  const { filterValues } = useListContext();
  return <pre data-testid="filter-values">{JSON.stringify(filterValues)}</pre>;
}
const filterValues = () => JSON.parse(screen.getByTestId('filter-values').textContent ?? '{}') as Record<string, unknown>;

type Handler = (req: HttpRequest) => unknown;

/** A students list with chips (and saved filters) over the real data provider and a fake http client. */
function renderList(
  filter: Record<string, unknown>,
  { withSavedFilters = false, handler, saved = [floridaActives] }: { withSavedFilters?: boolean; handler?: Handler; saved?: SavedFilter[] } = {},
) {
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if ((req.path === '/students' && method === 'GET') || req.path === '/students/find_by_criteria') return { content: [], pagination: { total: 0 } };
    if (req.path === '/public/lookups') return { content: req.query?.type === 'US_STATE' ? states : [] };
    if (req.path === '/search_filters' && method === 'GET') return { content: saved, pagination: { total: saved.length } };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  const http = { request, refresh: jest.fn(), store: memorySessionStore(null) } as unknown as HttpClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const search = `?filter=${encodeURIComponent(JSON.stringify(filter))}`;
  render(
    <MemoryRouter initialEntries={[`/students${search}`]}>
      <AdminContext dataProvider={createDataProvider(http)} i18nProvider={createI18nProvider('en')} store={memoryStore()} queryClient={queryClient}>
        <ListBase resource="students" perPage={10} sort={{ field: 'id', order: 'ASC' }}>
          {withSavedFilters ? <SavedFilters kind="students" /> : null}
          <FilterChips descriptors={studentFilterDescriptors('students')} />
          <FilterProbe />
        </ListBase>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return request;
}

const calls = (request: jest.Mock, method: string, path: string) =>
  request.mock.calls.map(([r]) => r as HttpRequest).filter((r) => (r.method ?? 'GET') === method && r.path === path);
const chipTexts = () =>
  within(screen.getByTestId('filter-chips'))
    .queryAllByRole('button')
    .map((b) => b.textContent);

afterEach(() => jest.restoreAllMocks());

describe('FilterChips', () => {
  test('shows one "<Field>: <value>" chip per active criterion, and none for the keyword or the saved filter', async () => {
    renderList({
      q: 'ann',
      savedFilterId: 7,
      savedFilterName: 'Mine',
      active: true,
      autoPay: false,
      genders: ['FEMALE', 'MALE'],
      stateCodes: ['FL', 'TX'],
      dateOfBirth: { from: '1990-01-01', to: '1999-12-31' },
      city: '',
    });
    await screen.findByText('Active: Yes');
    await screen.findByText('State: Florida, Texas');
    expect(screen.getAllByTestId(/^filter-chip-/).map((chip) => chip.textContent)).toEqual([
      'Active: Yes',
      'Auto-pay: No',
      'Gender: Female, Male',
      'State: Florida, Texas',
      'Date of birth: 01-01-1990 – 12-31-1999',
    ]);
    expect(screen.getByTestId('filter-chips-clear-all').textContent).toBe('Clear all');
  });

  test('deleting a chip removes that criterion and the saved filter, and reloads the list by criteria', async () => {
    const request = renderList({ savedFilterId: 7, savedFilterName: 'Florida actives', active: true, stateCodes: ['FL'] });
    const chip = await screen.findByTestId('filter-chip-active');
    await waitFor(() => expect(calls(request, 'POST', '/students/find_by_criteria').at(-1)?.body).toEqual({ active: true, stateCodes: ['FL'] }));

    fireEvent.click(within(chip).getByLabelText('Remove this filter'));

    await waitFor(() => expect(filterValues()).toEqual({ stateCodes: ['FL'] }));
    await waitFor(() => expect(calls(request, 'POST', '/students/find_by_criteria').at(-1)?.body).toEqual({ stateCodes: ['FL'] }));
    expect(screen.queryByTestId('filter-chip-active')).toBeNull();
  });

  test('"Clear all" empties the whole filter, keyword included, and goes back to the plain list', async () => {
    const request = renderList({ q: 'ann', savedFilterId: 7, savedFilterName: 'Florida actives', active: true });
    await screen.findByText('Active: Yes');

    fireEvent.click(screen.getByTestId('filter-chips-clear-all'));

    await waitFor(() => expect(filterValues()).toEqual({}));
    await waitFor(() => expect(calls(request, 'GET', '/students').at(-1)?.query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: false, keyword: undefined }));
    expect(screen.queryByTestId('filter-chips')).toBeNull();
  });
});

describe('SavedFilters', () => {
  test('lists the saved filters of its kind, 100 at most', async () => {
    const request = renderList({}, { withSavedFilters: true });
    fireEvent.click(await screen.findByTestId('saved-filters-button'));
    expect((await screen.findByRole('menuitem', { name: 'Florida actives' })).textContent).toBe('Florida actives');
    expect(calls(request, 'GET', '/search_filters')[0].query).toEqual({ type: 'students', size: 100 });
  });

  test('choosing one sets the list filter to its criteria plus its id and name, and searches by those criteria', async () => {
    const request = renderList({ q: 'old keyword', city: 'Austin' }, { withSavedFilters: true });
    fireEvent.click(await screen.findByTestId('saved-filters-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Florida actives' }));

    await waitFor(() => expect(filterValues()).toEqual({ active: true, stateCodes: ['FL'], savedFilterId: 7, savedFilterName: 'Florida actives' }));
    await waitFor(() =>
      expect(calls(request, 'POST', '/students/find_by_criteria').at(-1)).toMatchObject({ body: { active: true, stateCodes: ['FL'] }, query: { keyword: undefined } }),
    );
    expect(screen.getByTestId('saved-filters-button').textContent).toBe('Florida actives');
    expect(await screen.findByText('State: Florida')).toBeInstanceOf(HTMLElement);
    expect(chipTexts()).toEqual(['Active: Yes', 'State: Florida', 'Clear all']);
  });

  test('when the criteria stop matching the selected filter (a criterion was edited), its id and name are cleared', async () => {
    renderList({ savedFilterId: 7, savedFilterName: 'Florida actives', active: true, stateCodes: ['FL', 'TX'] }, { withSavedFilters: true });
    await waitFor(() => expect(filterValues()).toEqual({ active: true, stateCodes: ['FL', 'TX'] }));
    expect(screen.getByTestId('saved-filters-button').textContent).toBe('Saved filters');
  });

  test('a matching saved filter stays selected', async () => {
    const request = renderList({ savedFilterId: 7, savedFilterName: 'Florida actives', stateCodes: ['FL'], active: true }, { withSavedFilters: true });
    await waitFor(() => expect(calls(request, 'GET', '/search_filters').length).toBe(1));
    await screen.findByText('State: Florida');
    expect(filterValues()).toEqual({ savedFilterId: 7, savedFilterName: 'Florida actives', stateCodes: ['FL'], active: true });
    expect(screen.getByTestId('saved-filters-button').textContent).toBe('Florida actives');
  });

  test('"Save filter" names and saves the current criteria (POST /search_filters/students) and selects the new filter', async () => {
    const created: SavedFilter = { id: 12, name: 'Texans', kind: 'students', criteria: { stateCodes: ['TX'] }, ...stamps };
    const request = renderList(
      { q: 'ann', stateCodes: ['TX'], city: '' },
      { withSavedFilters: true, handler: (req) => (req.method === 'POST' && req.path === '/search_filters/students' ? created : undefined) },
    );
    fireEvent.click(await screen.findByTestId('saved-filters-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Save filter' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Filter name'), { target: { value: '  Texans ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await screen.findByText('Filter saved');
    expect(calls(request, 'POST', '/search_filters/students')).toEqual([
      { method: 'POST', path: '/search_filters/students', body: { name: 'Texans', criteria: { stateCodes: ['TX'] } } },
    ]);
    await waitFor(() => expect(filterValues()).toEqual({ q: 'ann', stateCodes: ['TX'], savedFilterId: 12, savedFilterName: 'Texans' }));
    expect(screen.getByTestId('saved-filters-button').textContent).toBe('Texans');
  });

  test('a refused save (409 name taken) is shown and nothing is selected', async () => {
    // react-admin's data provider wrapper logs every rejected call; this one is expected.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const conflict = new HttpError(409, { status: 409, code: 'FILTER_NAME_TAKEN', message: 'A saved filter with this name already exists' });
    renderList(
      { stateCodes: ['TX'] },
      {
        withSavedFilters: true,
        handler: (req) => {
          if (req.method === 'POST' && req.path === '/search_filters/students') throw conflict;
          return undefined;
        },
      },
    );
    fireEvent.click(await screen.findByTestId('saved-filters-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Save filter' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Filter name'), { target: { value: 'Florida actives' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect((await screen.findByText('A saved filter with this name already exists')).textContent).toBe('A saved filter with this name already exists');
    expect(filterValues()).toEqual({ stateCodes: ['TX'] });
    expect(screen.getByRole('dialog')).toBeInstanceOf(HTMLElement);
  });

  test('rename (PUT /search_filters/{id}/students) and delete (DELETE /search_filters/{id}) act on the selected filter', async () => {
    const saved = [floridaActives];
    const request = renderList(
      { savedFilterId: 7, savedFilterName: 'Florida actives', active: true, stateCodes: ['FL'] },
      {
        withSavedFilters: true,
        saved,
        handler: (req) => {
          if (req.method === 'PUT' && req.path === '/search_filters/7/students') {
            saved.splice(0, 1, { ...floridaActives, name: 'Sunshine' });
            return saved[0];
          }
          if (req.method === 'DELETE' && req.path === '/search_filters/7') {
            saved.splice(0, 1);
            return null;
          }
          return undefined;
        },
      },
    );
    fireEvent.click(await screen.findByTestId('saved-filters-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Filter name') as HTMLInputElement).value).toBe('Florida actives');
    fireEvent.change(within(dialog).getByLabelText('Filter name'), { target: { value: 'Sunshine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Filter renamed');
    expect(calls(request, 'PUT', '/search_filters/7/students')[0].body).toEqual({ name: 'Sunshine', criteria: { active: true, stateCodes: ['FL'] } });
    await waitFor(() => expect(screen.getByTestId('saved-filters-button').textContent).toBe('Sunshine'));

    fireEvent.click(screen.getByTestId('saved-filters-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Filter deleted');
    expect(calls(request, 'DELETE', '/search_filters/7')).toEqual([{ method: 'DELETE', path: '/search_filters/7' }]);
    await waitFor(() => expect(filterValues()).toEqual({ active: true, stateCodes: ['FL'] }));
  });

  test('"Manage saved filters" renames any saved filter, not only the one applied (PUT with its own criteria)', async () => {
    const texans: SavedFilter = { id: 8, name: 'Texans', kind: 'students', criteria: { stateCodes: ['TX'] }, ...stamps };
    const saved = [floridaActives, texans];
    const request = renderList(
      { city: 'Austin' },
      {
        withSavedFilters: true,
        saved,
        handler: (req) => {
          if (req.method === 'PUT' && req.path === '/search_filters/8/students') {
            saved.splice(1, 1, { ...texans, name: 'Lone star' });
            return saved[1];
          }
          return undefined;
        },
      },
    );
    fireEvent.click(await screen.findByTestId('saved-filters-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Manage saved filters' }));
    const manager = await screen.findByRole('dialog', { name: 'Manage saved filters' });
    expect(
      within(manager)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Florida actives', 'Texans']);

    fireEvent.click(within(manager).getByRole('button', { name: 'Rename Texans' }));
    const naming = await screen.findByRole('dialog', { name: 'Rename' });
    expect((within(naming).getByLabelText('Filter name') as HTMLInputElement).value).toBe('Texans');
    fireEvent.change(within(naming).getByLabelText('Filter name'), { target: { value: 'Lone star' } });
    fireEvent.click(within(naming).getByRole('button', { name: 'Save' }));

    await screen.findByText('Filter renamed');
    expect(calls(request, 'PUT', '/search_filters/8/students')).toEqual([
      { method: 'PUT', path: '/search_filters/8/students', body: { name: 'Lone star', criteria: { stateCodes: ['TX'] } } },
    ]);
    const after = await screen.findByRole('dialog', { name: 'Manage saved filters' });
    await waitFor(() =>
      expect(
        within(after)
          .getAllByRole('listitem')
          .map((row) => row.textContent),
      ).toEqual(['Florida actives', 'Lone star']),
    );
    // The list's own filter is untouched: renaming a filter does not apply it.
    expect(filterValues()).toEqual({ city: 'Austin' });
  });

  test('"Manage saved filters" deletes any saved filter after asking; the applied one is left, the others stay', async () => {
    const texans: SavedFilter = { id: 8, name: 'Texans', kind: 'students', criteria: { stateCodes: ['TX'] }, ...stamps };
    const saved = [floridaActives, texans];
    const request = renderList(
      { savedFilterId: 7, savedFilterName: 'Florida actives', active: true, stateCodes: ['FL'] },
      {
        withSavedFilters: true,
        saved,
        handler: (req) => {
          if (req.method === 'DELETE' && req.path === '/search_filters/8') {
            saved.splice(1, 1);
            return null;
          }
          return undefined;
        },
      },
    );
    fireEvent.click(await screen.findByTestId('saved-filters-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Manage saved filters' }));
    const manager = await screen.findByRole('dialog', { name: 'Manage saved filters' });
    fireEvent.click(within(manager).getByRole('button', { name: 'Delete Texans' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete' });
    expect(confirm.textContent).toContain('Delete the saved filter "Texans"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    await screen.findByText('Filter deleted');
    expect(calls(request, 'DELETE', '/search_filters/8')).toEqual([{ method: 'DELETE', path: '/search_filters/8' }]);
    const after = await screen.findByRole('dialog', { name: 'Manage saved filters' });
    await waitFor(() =>
      expect(
        within(after)
          .getAllByRole('listitem')
          .map((row) => row.textContent),
      ).toEqual(['Florida actives']),
    );
    // Florida actives is still the list's filter.
    expect(filterValues()).toEqual({ savedFilterId: 7, savedFilterName: 'Florida actives', active: true, stateCodes: ['FL'] });
    expect(screen.getByTestId('saved-filters-button').textContent).toBe('Florida actives');
  });

  test('"Manage saved filters" appears only when there are saved filters', async () => {
    renderList({}, { withSavedFilters: true, saved: [] });
    fireEvent.click(await screen.findByTestId('saved-filters-button'));
    await screen.findByRole('menuitem', { name: 'Save filter' });
    expect(screen.queryByRole('menuitem', { name: 'Manage saved filters' })).toBeNull();
  });
});
