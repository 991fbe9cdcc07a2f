import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import type { HttpRequest } from '../../admin/src/providers/http';
import communications from '../../admin/src/resources/communications';
import { toPayload, NEW_COMMUNICATION } from '../../admin/src/resources/communications/communicationRecord';
import { criterionText } from '../../admin/src/resources/communications/CommunicationDrawer';
import { StudentMessages } from '../../admin/src/resources/students/StudentMessages';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const base = {
  type: 'MESSAGE',
  category: 'MANUAL_NOTIFICATION',
  scheduleDate: null,
  scheduleTime: null,
  communicationTemplateId: null,
  communicationTemplate: null,
  emailTemplateId: null,
  header: null,
  shortMessageBody: null,
  params: null,
  searchFilter: null,
  createdAt: '2026-03-02T15:00:00.000Z',
  updatedAt: '2026-03-02T15:00:00.000Z',
  updatedBy: { id: 1, name: 'Ana Díaz' },
};
const sending = {
  ...base,
  id: 31,
  recipientType: 'SPECIFIC',
  recipients: [7],
  scheduleType: 'NOW',
  scheduledAt: '2026-03-02T15:00:00.000Z',
  subject: 'Classes resume Monday',
  longMessageBody: '<p>Hello {{firstName}}</p>',
  status: 'SENDING',
  recipientCount: 1,
  sentAt: '2026-03-02T15:00:00.000Z',
  intentCounts: { CREATED: 0, SENDING: 0, SENT: 1, FAILED: 1 },
};
const scheduled = {
  ...base,
  id: 32,
  recipientType: 'BROADCAST',
  recipients: null,
  scheduleType: 'FUTURE',
  scheduleDate: '2099-01-15',
  scheduleTime: '14:30',
  scheduledAt: '2099-01-15T19:30:00.000Z',
  subject: 'Graduation next year',
  longMessageBody: 'See you',
  status: 'SCHEDULED',
  recipientCount: 0,
  sentAt: null,
  intentCounts: { CREATED: 0, SENDING: 0, SENT: 0, FAILED: 0 },
};
const student = { id: 7, user: { id: 70, email: 'lucia@example.com' }, personalInfo: { firstName: 'Lucía', lastName: 'Pérez' }, languageIso2LetterCode: 'ES' };
const intents = [
  {
    id: 501,
    communicationId: 31,
    templateKey: null,
    studentId: 7,
    student: { id: 7, firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.com' },
    communication: { id: 31, subject: 'Classes resume Monday', type: 'MESSAGE', category: 'MANUAL_NOTIFICATION' },
    toAddress: 'lucia@example.com',
    language: 'ES',
    channel: 'EMAIL',
    status: 'FAILED',
    subject: 'Classes resume Monday',
    attempts: 5,
    lastError: 'SMTP refused',
    nextAttemptAt: '2026-03-02T15:00:00.000Z',
    resendOfId: null,
    sentAt: null,
    readAt: null,
    createdAt: '2026-03-02T15:00:00.000Z',
  },
  {
    id: 502,
    communicationId: 31,
    templateKey: null,
    studentId: 7,
    student: { id: 7, firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.com' },
    communication: { id: 31, subject: 'Classes resume Monday', type: 'MESSAGE', category: 'MANUAL_NOTIFICATION' },
    toAddress: 'lucia@example.com',
    language: 'ES',
    channel: 'INBOX',
    status: 'SENT',
    subject: 'Classes resume Monday',
    attempts: 1,
    lastError: null,
    nextAttemptAt: '2026-03-02T15:00:00.000Z',
    resendOfId: null,
    sentAt: '2026-03-02T15:01:00.000Z',
    readAt: null,
    createdAt: '2026-03-02T15:00:00.000Z',
  },
];
const page = (content: unknown[], total = content.length) => ({ content, pagination: { total, page: 0, size: 10 } });
const idleBacklog = { waiting: 0, retrying: 0, sending: 0, failed: 0, oldestWaitingSince: null, nextRetryAt: null };
let backlog: Record<string, unknown> = idleBacklog;

function renderConsole(path: string, { permissions = ['*'], locale = 'en' }: { permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    const method = req.method ?? 'GET';
    if (req.path === '/communications' && method === 'GET') return page([sending, scheduled]);
    if (req.path === '/communications/backlog') return backlog;
    if (req.path === '/communications' && method === 'POST') return { ...scheduled, ...(req.body as object), id: 33, status: 'CREATED', recipientCount: 0 };
    if (req.path === '/communications/31') return sending;
    if (req.path === '/communications/32' && method === 'GET') return scheduled;
    if (req.path === '/communications/32' && method === 'PUT') return { ...scheduled, ...(req.body as object) };
    if (req.path === '/communications/33') return { ...scheduled, id: 33 };
    if (req.path === '/communications/filter')
      return {
        content: [{ id: 7, firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.com', languageIso2LetterCode: 'ES', active: true }],
        pagination: { total: 2, page: 0, size: 5 },
      };
    if (req.path === '/communications/preview') {
      return {
        subject: 'Hola Lucía',
        html: '<html><body><p>Hola Lucía</p></body></html>',
        text: 'Hola Lucía',
        inbox: '<p>Hola Lucía</p>',
        language: 'ES',
        student: { id: 7, firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.com' },
      };
    }
    if (req.path === '/communications/31/communication_intents') return page(intents);
    if (req.path === '/communications/31/communication_intents/501/resend') return { ...intents[0], id: 503, status: 'CREATED', attempts: 0, resendOfId: 501 };
    if (req.path === '/communications/31/communication_intents/502/resend') {
      const err = Object.assign(new Error('This message was already sent again; resend its newest attempt instead'), {
        status: 409,
        body: { code: 'INTENT_ALREADY_RESENT', message: 'This message was already sent again; resend its newest attempt instead' },
      });
      throw err;
    }
    if (req.path === '/communications/31/communication_intents/resend_failed') return { count: 1 };
    if (req.path === '/students/7/communication_intents') return page(intents);
    if (req.path === '/students/7') return student;
    if (req.path === '/students' || req.path === '/students/find_by_criteria') return page([student]);
    if (req.path === '/search_filters') return page([]);
    if (req.path === '/communication_templates' || req.path === '/email_templates') return page([]);
    if (req.path === '/public/lookups') return { content: [] };
    if (/^\/users\/\d+\/view_histories$/.test(req.path)) return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions,
    locale,
    children: [
      <Resource key="communications" name="communications" {...communications} />,
      <Resource key="students" name="students" list={() => <StudentMessages studentId={7} />} />,
    ],
  });
  return request;
}

const drawer = () => screen.findByTestId('record-drawer');

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  backlog = idleBacklog;
});

describe('toPayload', () => {
  test('sends only what the recipient type and schedule need; texts trimmed; params as an object; no category', () => {
    expect(
      toPayload({
        ...NEW_COMMUNICATION,
        recipientType: 'SPECIFIC',
        recipients: [7, 8],
        searchFilter: { name: 'Ana' },
        scheduleDate: '2099-01-01',
        scheduleTime: '10:00',
        subject: '  Hi  ',
        longMessageBody: 'Body',
        params: [
          { key: ' course ', value: 'HCTP' },
          { key: '', value: 'x' },
        ],
      }),
    ).toEqual({
      type: 'MESSAGE',
      recipientType: 'SPECIFIC',
      recipients: [7, 8],
      searchFilter: null,
      scheduleType: 'NOW',
      scheduleDate: null,
      scheduleTime: null,
      subject: 'Hi',
      header: null,
      longMessageBody: 'Body',
      shortMessageBody: null,
      communicationTemplateId: null,
      emailTemplateId: null,
      params: { course: 'HCTP' },
    });
    expect(
      toPayload({
        ...NEW_COMMUNICATION,
        recipientType: 'FILTER',
        searchFilter: { name: 'Ana', languages: [] },
        scheduleType: 'FUTURE',
        scheduleDate: '2099-01-01',
        scheduleTime: '14:30',
      }),
    ).toMatchObject({
      recipients: null,
      searchFilter: { name: 'Ana' },
      scheduleDate: '2099-01-01',
      scheduleTime: '14:30',
    });
  });
});

describe('criterionText', () => {
  test('a stored FILTER criterion in words', () => {
    const translate = ((key: string, options?: { _?: string }) => ({ 'ra.boolean.true': 'Yes', 'enums.Language.ES': 'Spanish' })[key] ?? options?._ ?? key) as never;
    expect(criterionText('languages', ['ES'], translate)).toBe('Spanish');
    expect(criterionText('active', true, translate)).toBe('Yes');
    expect(criterionText('createdAt', { from: '2026-01-01', to: '2026-01-31' }, translate)).toBe('01-01-2026 – 01-31-2026');
    expect(criterionText('stateCodes', ['NY', 'NJ'], translate)).toBe('NY, NJ');
    expect(criterionText('name', 'Ana', translate)).toBe('Ana');
  });
});

describe('/communications', () => {
  test('the Delivery box above the list: every message delivered', async () => {
    const request = renderConsole('/communications');
    expect(await screen.findByText('Every message has been delivered.')).toBeTruthy();
    expect(calls(request, 'GET', '/communications/backlog')).toHaveLength(1);
  });

  test('the Delivery box with a backlog: counts, and the messages a mail server that is away left retrying with the next attempt', async () => {
    backlog = { waiting: 120, retrying: 3, sending: 4, failed: 2, oldestWaitingSince: '2026-03-02T15:00:00.000Z', nextRetryAt: '2026-03-02T15:04:00.000Z' };
    renderConsole('/communications');
    const box = await screen.findByTestId('delivery-backlog');
    await waitFor(() => expect(within(box).getByTestId('delivery-backlog-counts').textContent).toBe('Waiting 120 · Sending 4 · Failed 2'));
    expect(within(box).getByTestId('delivery-backlog-retrying').textContent).toMatch(
      /^3 messages could not be sent and will be tried again \(next attempt .+\): the mail server may be away\.$/,
    );
  });

  test('the Delivery box in Spanish', async () => {
    backlog = { waiting: 1, retrying: 1, sending: 0, failed: 0, oldestWaitingSince: '2026-03-02T15:00:00.000Z', nextRetryAt: '2026-03-02T15:04:00.000Z' };
    renderConsole('/communications', { locale: 'es' });
    const box = await screen.findByTestId('delivery-backlog');
    await waitFor(() => expect(within(box).getByTestId('delivery-backlog-counts').textContent).toBe('En espera 1 · Enviándose 0 · Fallidos 0'));
    expect(within(box).getByTestId('delivery-backlog-retrying').textContent).toMatch(/^1 mensaje no se pudo enviar y se volverá a intentar \(próximo intento .+\)/);
    expect(within(box).getByText('Entrega')).toBeTruthy();
  });

  test('lists last sent first with status chips, category and recipient type labelled', async () => {
    const request = renderConsole('/communications');
    const row = (await screen.findByText('Classes resume Monday')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Manual notification');
    expect(row.textContent).toContain('Specific');
    expect(screen.getByTestId('communication-status-31').textContent).toBe('Sending');
    expect(screen.getByTestId('communication-status-32').textContent).toBe('Scheduled');
    expect(calls(request, 'GET', '/communications')[0].query).toMatchObject({ size: 10, page: 0, sortBy: 'sentAt', descending: true });
    // Each column says what it holds: the recipient type and the number of recipients were both "Recipients".
    const headers = within(row.closest('table') as HTMLElement)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Recipient type', 'Recipients']));
    expect(new Set(headers).size).toBe(headers.length);
  });

  test('criteria in the URL reach GET /communications as query params and read as chips', async () => {
    const request = renderConsole(`/communications?filter=${encodeURIComponent(JSON.stringify({ statuses: ['FAILED'], categories: ['MANUAL_NOTIFICATION'] }))}`);
    await screen.findByText('Classes resume Monday');
    await waitFor(() => expect(calls(request, 'GET', '/communications').at(-1)?.query).toMatchObject({ statuses: ['FAILED'], categories: ['MANUAL_NOTIFICATION'] }));
    expect(await screen.findByText(/Statuses: Failed/)).not.toBeNull();
    expect(screen.getByText(/Categories: Manual notification/)).not.toBeNull();
  });

  test('a SENDING one opens read-only; its sends list students, channels, status chips and errors; Send again and Send all failed again', async () => {
    const request = renderConsole('/communications/31');
    const panel = await drawer();
    expect(await within(panel).findByTestId('communication-read-only')).not.toBeNull();
    expect(within(panel).getByTestId('communication-status').textContent).toBe('Sending');
    fireEvent.click(within(panel).getByTestId('tab-intents'));
    expect((await within(panel).findByTestId('intent-status-501')).textContent).toBe('Failed');
    expect(within(panel).getByTestId('intent-501').textContent).toContain('SMTP refused');
    expect(within(panel).getByTestId('intent-502').textContent).toContain('Portal inbox');
    // Each row's Send again is an icon named by its label (a worded button did not fit the drawer at 1280 px).
    expect(within(within(panel).getByTestId('intent-501')).getByRole('button', { name: 'Send again' })).toBe(within(panel).getByTestId('resend-intent-501'));
    fireEvent.click(within(panel).getByTestId('resend-intent-501'));
    await waitFor(() => expect(calls(request, 'POST', '/communications/31/communication_intents/501/resend')).toHaveLength(1));
    expect(await screen.findByText('It will be sent again')).not.toBeNull();
    fireEvent.click(within(panel).getByTestId('resend-intent-502'));
    expect(await screen.findByText('This message was already sent again; resend its newest attempt instead')).not.toBeNull();
    fireEvent.click(within(panel).getByTestId('resend-failed'));
    await waitFor(() => expect(calls(request, 'POST', '/communications/31/communication_intents/resend_failed')).toHaveLength(1));
    expect(await screen.findByText('1 message will be sent again')).not.toBeNull();
    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(calls(request, 'POST', '/communications/31/communication_intents').at(-1)?.body).toEqual({ statuses: ['FAILED'] }));
  });

  test('without communications:send there is no resend; without create no Write button', async () => {
    renderConsole('/communications/31', { permissions: ['communications:read', 'students:read'] });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('tab-intents'));
    await within(panel).findByTestId('intent-status-501');
    expect(within(panel).queryByTestId('resend-intent-501')).toBeNull();
    expect(within(panel).queryByTestId('resend-failed')).toBeNull();
    expect(screen.queryByTestId('create-communication')).toBeNull();
  });

  test('the preview (default email) shows the message for the first recipient in their language, in a sandboxed frame; inbox and text tabs', async () => {
    const request = renderConsole('/communications/31');
    const panel = await drawer();
    const frame = await within(panel).findByTestId('preview-email');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Hola Lucía');
    expect(within(panel).getByTestId('preview-language').textContent).toBe('Shown in Spanish');
    expect(within(panel).getByTestId('preview-subject').textContent).toBe('Hola Lucía');
    const body = calls(request, 'POST', '/communications/preview')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ studentId: 7, subject: 'Classes resume Monday', longMessageBody: '<p>Hello {{firstName}}</p>' });
    fireEvent.click(within(panel).getByTestId('preview-tab-inbox'));
    expect(within(panel).getByTestId('preview-inbox').getAttribute('srcdoc')).toContain('<p>Hola Lucía</p>');
    fireEvent.click(within(panel).getByTestId('preview-tab-text'));
    expect(within(panel).getByTestId('preview-text').textContent).toBe('Hola Lucía');
  });

  test('a SCHEDULED one is a form: the 12-hour time, category fixed as Manual notification; saving PUTs the contract body', async () => {
    const request = renderConsole('/communications/32');
    const panel = await drawer();
    const subject = await within(panel).findByLabelText(/Subject/);
    expect((within(panel).getByTestId('category-fixed') as HTMLInputElement).value).toBe('Manual notification');
    expect(within(panel).getByTestId('time-input-scheduleTime').textContent).toContain('PM');
    fireEvent.change(subject, { target: { value: 'Graduation moved' } });
    fireEvent.click(within(panel).getByTestId('save-communication'));
    await waitFor(() => expect(calls(request, 'PUT', '/communications/32')).toHaveLength(1));
    expect(calls(request, 'PUT', '/communications/32')[0].body).toEqual({
      type: 'MESSAGE',
      recipientType: 'BROADCAST',
      recipients: null,
      searchFilter: null,
      scheduleType: 'FUTURE',
      scheduleDate: '2099-01-15',
      scheduleTime: '14:30',
      subject: 'Graduation moved',
      header: null,
      longMessageBody: 'See you',
      shortMessageBody: null,
      communicationTemplateId: null,
      emailTemplateId: null,
      params: null,
    });
  });

  test('writing one: FILTER on the student criteria shows the live count of matching students; saving POSTs and opens it', async () => {
    const request = renderConsole('/communications/create');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByLabelText('Filter'));
    fireEvent.change(await within(panel).findByLabelText('Name'), { target: { value: 'Lu' } });
    await waitFor(() => expect(calls(request, 'POST', '/communications/filter').some((r) => (r.body as { name?: string }).name === 'Lu')).toBe(true), { timeout: 3000 });
    expect((await within(panel).findByTestId('matching-count')).textContent).toBe('2 matching students');
    fireEvent.change(within(panel).getByLabelText(/Subject/), { target: { value: 'Welcome' } });
    fireEvent.change(within(panel).getByLabelText(/Message \(email\)/), { target: { value: 'Hello {{firstName}}' } });
    fireEvent.click(within(panel).getByTestId('save-communication'));
    await waitFor(() => expect(calls(request, 'POST', '/communications')).toHaveLength(1));
    expect(calls(request, 'POST', '/communications')[0].body).toMatchObject({
      recipientType: 'FILTER',
      searchFilter: { name: 'Lu' },
      scheduleType: 'NOW',
      subject: 'Welcome',
      longMessageBody: 'Hello {{firstName}}',
    });
    await waitFor(() => expect(currentLocation()).toBe('/communications/33'));
  });

  test('in Spanish', async () => {
    renderConsole('/communications/31', { locale: 'es' });
    const panel = await drawer();
    expect((await within(panel).findByTestId('communication-status')).textContent).toBe('Enviando');
    expect(within(panel).getByTestId('recipient-count').textContent).toBe('1 destinatario');
    expect(within(panel).getByText('Esta comunicación ya empezó a enviarse y no se puede modificar.')).not.toBeNull();
    expect(within(panel).getByRole('tab', { name: 'Envíos' })).not.toBeNull();
  });
});

describe("the student drawer's messages", () => {
  test('newest first with channel and status; a communication links to its drawer', async () => {
    const request = renderConsole('/students');
    const list = await screen.findByTestId('student-messages');
    expect(within(list).getByTestId('student-message-status-501').textContent).toBe('Failed');
    expect(within(list).getByTestId('student-message-501').textContent).toContain('Email');
    expect(within(list).getByTestId('student-message-502').textContent).toContain('Portal inbox');
    expect(within(list).getAllByRole('link')[0].getAttribute('href')).toBe('/communications/31');
    expect(calls(request, 'POST', '/students/7/communication_intents')[0].query).toMatchObject({ page: 0, size: 10, sortBy: 'id', descending: true });
  });

  test('without communications:read it shows nothing', async () => {
    const request = renderConsole('/students', { permissions: ['students:read'] });
    await waitFor(() => expect(screen.queryByTestId('student-messages')).toBeNull());
    expect(calls(request, 'POST', '/students/7/communication_intents')).toHaveLength(0);
  });
});
