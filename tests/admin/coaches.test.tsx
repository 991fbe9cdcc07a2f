import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import type { HttpRequest } from '../../admin/src/providers/http';
import coaches from '../../admin/src/resources/coaches';
import { coaches as texts } from '../../admin/src/resources/coaches/i18n';
import { toCoachPayload, type CoachRecord } from '../../admin/src/resources/coaches/coachRecord';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';

const coach = (id: number, first: string, overrides: Partial<CoachRecord> = {}): CoachRecord => ({
  id,
  name: `${first} Bennett`,
  active: true,
  rateOfPay: 65,
  intro: 'Ten years of practice',
  specializations: ['Nutrition', 'Sleep'],
  languages: ['EN', 'ES'],
  hctpGraduatingClass: 'Fall 2014',
  video: null,
  source: null,
  showPhone: false,
  socialNetworks: { linkedIn: null, facebook: null, instagram: null, youtube: null },
  photo: null,
  coachWebConferenceUrl: 'https://meet.example.com/o',
  facebookGroupUrl: null,
  testCall: false,
  student: {
    id: 100 + id,
    active: true,
    isStudent: false,
    user: { id: 200 + id, email: `${first.toLowerCase()}@example.com` },
    personalInfo: {
      firstName: first,
      middleName: null,
      lastName: 'Bennett',
      title: null,
      suffix: null,
      gender: null,
      dateOfBirth: null,
      educationLevel: null,
      occupation: null,
      militaryMember: false,
    },
    contactInfo: { mobilePhone: null, homePhone: null, workPhone: null },
    address: { street1: null, street2: null, city: null, stateCode: null, zip: null, countryCode: null, formattedAddress: null },
    photo: null,
    languageIso2LetterCode: 'EN',
    autoPay: false,
    timeZone: null,
    source: null,
    salesforceLeadId: null,
    d2lUserId: null,
    edluminaId: null,
    communicationPreferences: { email: true, sms: true },
    archived: false,
    mergedIntoId: null,
    createdAt: at,
    updatedAt: at,
    updatedBy: null,
  },
  circles: [
    {
      circleCoachId: 9,
      circleId: 3,
      typeName: 'Tuesday circle',
      cohortId: 4,
      cohortLabel: 'HCTP 01-15-2027 - 12-15-2027',
      startDate: '2027-02-02',
      published: true,
      signUps: 7,
    },
  ],
  createdAt: at,
  updatedAt: at,
  updatedBy: { id: 10, name: 'Root Admin' },
  ...overrides,
});

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[], total = content.length) => ({ content, pagination: { total, page: 0, size: 10 } });
const comment = (id: number, content: string) => ({ id, content, author: { id: 10, name: 'Root Admin' }, createdAt: at, updatedAt: at });

function renderConsole(path: string, { handler, permissions = ['*'], locale }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const rows = [coach(1, 'Olivia'), coach(2, 'Marta', { languages: ['ES'], specializations: [], active: false, circles: [] })];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/coaches' && method === 'GET') return page(rows);
    if (req.path === '/coaches/find_by_criteria') return page(rows.slice(1));
    if (req.path === '/coaches' && method === 'POST') return { ...coach(12, 'Nina'), circles: [], invitation: { status: 'SENT' } };
    const one = /^\/coaches\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') return rows.find((r) => r.id === Number(one[1])) ?? coach(Number(one[1]), 'Nina', { circles: [] });
    if (one && method === 'PUT') return { ...rows[0], ...(req.body as object) };
    if (/^\/coaches\/\d+\/comments$/.test(req.path) && method === 'GET') return page([]);
    if (req.path === '/search_filters') return page([]);
    if (req.path === '/users/10/view_histories') return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path, request, permissions, locale, children: [<Resource key="coaches" name="coaches" {...coaches} />] });
  return request;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('texts and payload', () => {
  test('every English text has its Spanish one with the same placeholders', () => {
    const leaves = (tree: object, prefix = ''): Array<[string, string]> =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));
    const es = new Map(leaves(texts.es));
    for (const [key, text] of leaves(texts.en)) {
      expect({ key, has: es.has(key), placeholders: ((es.get(key) ?? '').match(/%\{\w+\}/g) ?? []).sort() }).toEqual({
        key,
        has: true,
        placeholders: (text.match(/%\{\w+\}/g) ?? []).sort(),
      });
    }
  });

  test('the payload turns blanks into null, keeps the links together and drops what the API answers only', () => {
    const out = toCoachPayload({
      ...coach(1, 'Olivia'),
      intro: ' ',
      rateOfPay: '',
      socialNetworks: { linkedIn: 'https://l.example.com', facebook: '' },
      invitation: { status: 'SENT' },
    });
    expect(out).toMatchObject({ intro: null, rateOfPay: null, socialNetworks: { linkedIn: 'https://l.example.com', facebook: null, instagram: null, youtube: null } });
    expect(out).not.toHaveProperty('circles');
    expect(out).not.toHaveProperty('invitation');
  });
});

describe('coaches list', () => {
  test('rows with languages by name; the keyword and criteria go to the API and read as chips', async () => {
    const request = renderConsole('/coaches');
    const row = (await screen.findByText('Olivia Bennett')).closest('tr') as HTMLElement;
    expect(calls(request, 'GET', '/coaches')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: false, keyword: undefined });
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(0, 5)).toEqual(['1', 'Olivia Bennett', 'olivia@example.com', 'EnglishSpanish', 'Nutrition, Sleep']);

    fireEvent.change(screen.getByLabelText('Search name or email'), { target: { value: 'oli' } });
    await waitFor(() => expect(calls(request, 'GET', '/coaches').at(-1)?.query).toMatchObject({ keyword: 'oli' }));
  });

  test('criteria in the URL go to find_by_criteria and read as chips (in Spanish too)', async () => {
    const filter = encodeURIComponent(JSON.stringify({ languages: ['ES'], active: false }));
    const request = renderConsole(`/coaches?filter=${filter}`, { locale: 'es' });
    await waitFor(() => expect(calls(request, 'POST', '/coaches/find_by_criteria')[0]?.body).toEqual({ languages: ['ES'], active: false }));
    expect((await screen.findByTestId('filter-chip-languages')).textContent).toBe('Idiomas: Español');
    expect(await screen.findByText('Marta Bennett')).toBeTruthy();
  });
});

describe('coach drawer', () => {
  test('create: the spec fields and the embedded record are posted; the notification says the invitation left', async () => {
    const request = renderConsole('/coaches/create');
    const panel = await screen.findByTestId('record-drawer');
    fireEvent.change(await within(panel).findByLabelText(/Sign-in email/), { target: { value: 'nina@example.com' } });
    fireEvent.change(within(panel).getByLabelText(/First name/), { target: { value: 'Nina' } });
    fireEvent.change(within(panel).getByLabelText(/Last name/), { target: { value: 'Bennett' } });
    fireEvent.click(within(panel).getByLabelText('Spanish'));
    fireEvent.change(within(panel).getByLabelText(/Rate of pay/), { target: { value: '45.50' } });
    fireEvent.change(within(panel).getByLabelText(/Web conference URL/), { target: { value: 'https://meet.example.com/n' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'POST', '/coaches')).toHaveLength(1));
    expect(calls(request, 'POST', '/coaches')[0].body).toMatchObject({
      generatePassword: true,
      languages: ['EN', 'ES'],
      rateOfPay: 45.5,
      coachWebConferenceUrl: 'https://meet.example.com/n',
      specializations: [],
      socialNetworks: { linkedIn: null, facebook: null, instagram: null, youtube: null },
      student: { user: { email: 'nina@example.com' }, personalInfo: { firstName: 'Nina', lastName: 'Bennett' }, active: true, languageIso2LetterCode: 'EN' },
    });
    expect(await screen.findByText('Coach created; the invitation was emailed to nina@example.com')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/coaches/12'));
  });

  test('an invitation that did not leave is not reported as sent', async () => {
    renderConsole('/coaches/create', {
      handler: (req) => (req.path === '/coaches' && req.method === 'POST' ? { ...coach(13, 'Nina'), circles: [], invitation: { status: 'FAILED' } } : undefined),
    });
    const panel = await screen.findByTestId('record-drawer');
    fireEvent.change(await within(panel).findByLabelText(/Sign-in email/), { target: { value: 'nina@example.com' } });
    fireEvent.change(within(panel).getByLabelText(/First name/), { target: { value: 'Nina' } });
    fireEvent.change(within(panel).getByLabelText(/Last name/), { target: { value: 'Bennett' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/has not been sent yet/)).toBeTruthy();
  });

  test('profile saved with PUT; circles from the GET answer; comments five a page, add, edit and delete', async () => {
    const comments = [5, 4, 3, 2, 1].map((n) => comment(n, `Note ${n}`));
    const request = renderConsole('/coaches/1', {
      handler: (req) => {
        const method = req.method ?? 'GET';
        if (req.path === '/coaches/1/comments' && method === 'GET') return req.query?.page === 1 ? page([comment(0, 'Note 0')], 6) : page(comments, 6);
        if (req.path === '/coaches/1/comments' && method === 'POST') return comment(7, 'New note');
        if (req.path === '/coaches/1/comments/5' && method === 'PUT') return comment(5, 'Edited');
        if (req.path === '/coaches/1/comments/4' && method === 'DELETE') return null;
        return undefined;
      },
    });
    const panel = await screen.findByTestId('record-drawer');
    expect((await within(panel).findByTestId('drawer-title')).textContent).toBe('Olivia Bennett');
    // Profile first: the form holds the record.
    expect(((await within(panel).findByLabelText(/Sign-in email/)) as HTMLInputElement).value).toBe('olivia@example.com');
    fireEvent.change(within(panel).getByLabelText(/Rate of pay/), { target: { value: '70' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'PUT', '/coaches/1')).toHaveLength(1));
    const put = calls(request, 'PUT', '/coaches/1')[0].body as Record<string, unknown>;
    expect(put).toMatchObject({ rateOfPay: 70, languages: ['EN', 'ES'], student: { user: { email: 'olivia@example.com' } } });
    expect(put).not.toHaveProperty('circles');
    expect(await screen.findByText('Coach saved')).toBeTruthy();

    fireEvent.click(within(panel).getByTestId('tab-circles'));
    const circle = await within(panel).findByTestId('coach-circle-3');
    expect([...circle.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Tuesday circle', 'HCTP 01-15-2027 - 12-15-2027', '02-02-2027', 'Yes', '7']);

    fireEvent.click(within(panel).getByTestId('tab-comments'));
    await within(panel).findByText('Note 5');
    expect(calls(request, 'GET', '/coaches/1/comments')[0].query).toEqual({ size: 5, page: 0 });
    fireEvent.click(within(panel).getByTestId('comments-load-more'));
    await within(panel).findByText('Note 0');
    expect(calls(request, 'GET', '/coaches/1/comments')[1].query).toEqual({ size: 5, page: 1 });

    fireEvent.change(within(within(panel).getByTestId('new-comment')).getByLabelText('Comment'), { target: { value: 'New note' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(calls(request, 'POST', '/coaches/1/comments')[0]?.body).toEqual({ content: 'New note' }));

    fireEvent.click(await within(panel).findByTestId('edit-comment-5'));
    const editor = await within(panel).findByTestId('comment-editor-5');
    fireEvent.change(within(editor).getByLabelText('Comment'), { target: { value: 'Edited' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'PUT', '/coaches/1/comments/5')[0]?.body).toEqual({ content: 'Edited' }));

    fireEvent.click(await within(panel).findByTestId('delete-comment-4'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls(request, 'DELETE', '/coaches/1/comments/4')).toHaveLength(1));
  });

  test('SUPPORT reads: no add button, no comment box, the form cannot be saved', async () => {
    renderConsole('/coaches/1', { permissions: ['coaches:read'] });
    const panel = await screen.findByTestId('record-drawer');
    fireEvent.click(await within(panel).findByTestId('tab-comments'));
    await within(panel).findByTestId('coach-comments');
    expect(within(panel).queryByTestId('new-comment')).toBeNull();
    fireEvent.click(within(panel).getByTestId('tab-profile'));
    await within(panel).findByLabelText(/Sign-in email/);
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Add coach/ })).toBeNull();
  });
});
