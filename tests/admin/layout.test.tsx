import { screen } from '@testing-library/react';
import { TablePagination } from '@mui/material';
import { Resource } from 'react-admin';
import { Layout } from '../../admin/src/layout/Layout';
import { renderAdmin } from '../support/console-harness';

/**
 * The console's layout (issue 15): MUI's own words — a pager's 'Rows per page' and 'of', its buttons'
 * names — follow the console's language, like react-admin's. Screens that use MUI's pager directly
 * (the activity and CRM tabs) no longer read in English in Spanish.
 */

function BarePager() {
  return <TablePagination component="div" count={25} page={0} rowsPerPage={10} rowsPerPageOptions={[10, 25]} onPageChange={() => undefined} />;
}

function renderPager(locale: 'en' | 'es') {
  const request = jest.fn(async () => ({ content: [], pagination: { total: 0 } }));
  renderAdmin({
    path: '/pager',
    request,
    permissions: ['*'],
    locale,
    layout: Layout,
    children: <Resource name="pager" list={BarePager} />,
  });
}

test('in Spanish MUI’s pager reads in Spanish', async () => {
  renderPager('es');
  expect(await screen.findByText('Filas por página:')).not.toBeNull();
  expect(screen.getByText('1–10 de 25')).not.toBeNull();
  expect(screen.getByRole('button', { name: 'Ir a la página siguiente' })).not.toBeNull();
});

test('in English it stays English', async () => {
  renderPager('en');
  expect(await screen.findByText('Rows per page:')).not.toBeNull();
  expect(screen.getByRole('button', { name: 'Go to next page' })).not.toBeNull();
});
