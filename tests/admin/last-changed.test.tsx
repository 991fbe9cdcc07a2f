import { screen } from '@testing-library/react';
import { Resource } from 'react-admin';
import { LastChanged, type Changed } from '../../admin/src/common/LastChanged';
import { renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

function show(record: Changed, locale: 'en' | 'es') {
  renderAdmin({
    path: '/things',
    request: jest.fn(async () => ({ content: [], pagination: { total: 0, page: 0, size: 10 } })),
    permissions: ['*'],
    locale,
    children: <Resource name="things" list={() => <LastChanged record={record} />} />,
  });
}

const at = '2026-11-20T15:00:00.000Z';

describe('LastChanged: who changed a record, under its form', () => {
  test('a change the server made itself reads "by the system" in the console\'s language, never "System"', async () => {
    show({ updatedAt: at, updatedBy: { id: null, name: 'System' } }, 'es');
    const caption = await screen.findByTestId('last-changed');
    expect(caption.textContent).toMatch(/^Último cambio 11-20-2026, .* por el sistema$/);
  });

  test('in English too, and for records that keep only the name (job schedules)', async () => {
    show({ updatedAt: at, updatedByName: 'System' }, 'en');
    expect((await screen.findByTestId('last-changed')).textContent).toMatch(/^Last changed 11-20-2026, .* by the system$/);
  });

  test("a person's name is shown as recorded; no name, no 'by'", async () => {
    show({ updatedAt: at, updatedBy: { id: 7, name: 'Ana Díaz' } }, 'es');
    expect((await screen.findByTestId('last-changed')).textContent).toMatch(/por Ana Díaz$/);
  });

  test('without a name the caption gives the date alone', async () => {
    show({ updatedAt: at, updatedBy: null }, 'en');
    expect((await screen.findByTestId('last-changed')).textContent).toMatch(/^Last changed 11-20-2026, [^b]*$/);
  });
});
