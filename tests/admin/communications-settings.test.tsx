import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import communicationsSettings from '../../admin/src/resources/communications-settings';
import { communicationsSettings as texts } from '../../admin/src/resources/communications-settings/i18n';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const english = {
  id: 31,
  communicationTemplateId: 7,
  language: 'EN',
  subject: '{{providerName}}: reset your password',
  messageBodyTemplate: '<p>Hello {{firstName}},</p><p>{{link}}</p>',
  voiceMailTemplate: null,
  inboxTemplate: null,
  emailTemplateHtml: null,
};
const reset = {
  id: 7,
  name: 'Password reset',
  key: 'PASSWORD_RESET',
  sender: null,
  fromName: null,
  replyTo: null,
  replyToName: null,
  bcc: null,
  description: 'The one-time link',
  type: 'MESSAGE',
  category: 'ACCOUNT',
  availableParams: ['link', 'minutes', 'providerName'],
  recipientParams: ['firstName', 'lastName', 'fullName', 'email'],
  emailTemplateId: 3,
  emailTemplate: { id: 3, name: 'Institute', deleted: false },
  system: true,
  languages: ['EN'],
  contents: [english],
};
const promo = { ...reset, id: 8, name: 'Spring promo', key: 'SPRING_PROMO', type: 'ALERT', category: 'MARKETING', system: false, languages: ['EN', 'ES'], contents: undefined };
const institute = { id: 3, name: 'Institute', category: 'INSTITUTE', header: '<p>Health Coach Institute</p>', footer: '<p>Preferences</p>', deleted: false };
const oldBrand = { ...institute, id: 4, name: 'Old brand', category: 'MARKETING', deleted: true };
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 25 } });

function renderConsole({ permissions = ['*'], locale = 'en' }: { permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    const method = req.method ?? 'GET';
    if (req.path === '/communication_templates' && method === 'GET') return page(req.query?.category === 'MARKETING' ? [promo] : [reset, promo]);
    if (req.path === '/communication_templates/7' && method === 'GET') return reset;
    if (req.path === '/communication_templates/7/content/31/preview') {
      return {
        language: 'EN',
        subject: '[providerName]: reset your password',
        html: '<html><body><p>Hello [firstName],</p></body></html>',
        text: 'Hello [firstName],',
        inbox: '<p>Hello</p>',
      };
    }
    if (req.path === '/communication_templates/7/content/31' && method === 'PUT') {
      const body = req.body as { messageBodyTemplate: string };
      if (body.messageBodyTemplate.includes('{{secret}}')) {
        throw new HttpError(400, { status: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', errors: { messageBodyTemplate: 'Unknown placeholder: secret' } });
      }
      return { ...english, ...body };
    }
    if (req.path === '/communication_templates' && method === 'POST') return { ...promo, id: 9, ...(req.body as object), system: false, languages: [], contents: [] };
    if (req.path === '/communication_templates/9' && method === 'GET') return { ...promo, id: 9, name: 'Module reminder', key: 'MODULE_REMINDER', languages: [], contents: [] };
    if (req.path === '/communication_templates/7' && method === 'PUT') return { ...reset, ...(req.body as object) };
    if (req.path === '/communication_templates/7/send_test_email') return { to: 'root@example.com', subject: '[TEST] x', language: 'ES' };
    if (req.path === '/email_templates' && method === 'GET') return page(req.query?.deleted === true || req.query?.deleted === 'true' ? [oldBrand] : [institute]);
    if (req.path === '/email_templates/3' && method === 'GET') return institute;
    if (req.path === '/email_templates/3' && method === 'DELETE') return undefined;
    if (req.path === '/email_templates/4' && method === 'GET') return oldBrand;
    if (req.path === '/email_templates/4' && method === 'PATCH') return { ...oldBrand, deleted: false };
    if (/^\/users\/\d+\/view_histories$/.test(req.path)) return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path: '/communications-settings',
    request,
    permissions,
    locale,
    children: [<Resource key="communications-settings" name="communications-settings" {...communicationsSettings} />],
  });
  return request;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function openReset({ write = true } = {}) {
  fireEvent.click(await screen.findByText('Password reset'));
  const editor = await screen.findByTestId('content-editor-EN');
  // The permissions are checked asynchronously: the editing controls follow.
  if (write) await screen.findByTestId('save-content');
  return editor;
}

describe('/communications-settings: templates', () => {
  test('lists templates with their category, type and languages labelled; the category filter asks the list with category', async () => {
    const request = renderConsole();
    const row = (await screen.findByText('Spring promo')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Marketing');
    expect(row.textContent).toContain('Alert');
    expect(row.textContent).toContain('SPRING_PROMO');
    expect(row.textContent).toContain('Spanish');
    expect(calls(request, 'GET', '/communication_templates')[0].query).toMatchObject({ size: 25, page: 0, sortBy: 'name', descending: false });
    fireEvent.mouseDown(within(screen.getByTestId('filter-category')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Marketing' }));
    await waitFor(() => expect(calls(request, 'GET', '/communication_templates').at(-1)?.query).toMatchObject({ category: 'MARKETING' }));
  });

  test('a template opens on its English content: a placeholder is inserted at the cursor, the preview renders the unsaved texts', async () => {
    const request = renderConsole();
    await openReset();
    const body = screen.getByTestId('content-messageBodyTemplate') as HTMLTextAreaElement;
    expect(body.value).toBe(english.messageBodyTemplate);
    fireEvent.focus(body);
    body.setSelectionRange(0, 0);
    fireEvent.click(screen.getByTestId('placeholder-minutes'));
    await waitFor(() => expect((screen.getByTestId('content-messageBodyTemplate') as HTMLTextAreaElement).value).toBe(`{{minutes}}${english.messageBodyTemplate}`));
    expect(screen.getByTestId('placeholder-fullName')).not.toBeNull();

    fireEvent.click(screen.getByTestId('preview-content'));
    await waitFor(() => expect(calls(request, 'POST', '/communication_templates/7/content/31/preview')).toHaveLength(1));
    expect(calls(request, 'POST', '/communication_templates/7/content/31/preview')[0].body).toMatchObject({
      messageBodyTemplate: `{{minutes}}${english.messageBodyTemplate}`,
      subject: english.subject,
    });
    expect((await screen.findByTestId('preview-subject')).textContent).toBe('[providerName]: reset your password');
    const frame = screen.getByTestId('preview-frame') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Hello [firstName],');
    // A product email: its key cannot change.
    fireEvent.click(screen.getByTestId('tab-details'));
    expect(await screen.findByTestId('system-template')).not.toBeNull();
  });

  test("saving a content with an unknown placeholder shows the server's reason under the body; saved otherwise", async () => {
    const request = renderConsole();
    await openReset();
    fireEvent.change(screen.getByTestId('content-messageBodyTemplate'), { target: { value: '<p>{{secret}}</p>' } });
    fireEvent.click(screen.getByTestId('save-content'));
    expect(await screen.findByText('Unknown placeholder: secret')).not.toBeNull();
    fireEvent.change(screen.getByTestId('content-messageBodyTemplate'), { target: { value: '<p>Hi {{firstName}}</p>' } });
    fireEvent.click(screen.getByTestId('save-content'));
    expect(await screen.findByText('Content saved')).not.toBeNull();
    expect(calls(request, 'PUT', '/communication_templates/7/content/31').at(-1)?.body).toEqual({
      language: 'EN',
      subject: english.subject,
      messageBodyTemplate: '<p>Hi {{firstName}}</p>',
      inboxTemplate: null,
      voiceMailTemplate: null,
      emailTemplateHtml: null,
    });
  });

  test("a new template is posted with exactly the API's fields, then opens on its contents: English first", async () => {
    const request = renderConsole();
    fireEvent.click(await screen.findByTestId('create-template'));
    fireEvent.change(await screen.findByLabelText('Name *'), { target: { value: 'Module reminder' } });
    fireEvent.change(screen.getByLabelText('Key *'), { target: { value: 'MODULE_REMINDER' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Academic' }));
    const params = screen.getByTestId('params-input');
    fireEvent.change(params, { target: { value: 'moduleName' } });
    fireEvent.keyDown(params, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'POST', '/communication_templates')).toHaveLength(1));
    expect(calls(request, 'POST', '/communication_templates')[0].body).toEqual({
      name: 'Module reminder',
      key: 'MODULE_REMINDER',
      sender: null,
      fromName: null,
      replyTo: null,
      replyToName: null,
      bcc: null,
      description: null,
      type: 'MESSAGE',
      category: 'ACADEMIC',
      availableParams: ['moduleName'],
      emailTemplateId: null,
    });
    expect(await screen.findByText('A template needs its English content first; Spanish comes next.', { exact: false })).not.toBeNull();
  });

  test('details: a product email keeps its key (read-only); a save sends the strict body', async () => {
    const request = renderConsole();
    await openReset();
    fireEvent.click(screen.getByTestId('tab-details'));
    const key = (await screen.findByLabelText('Key *')) as HTMLInputElement;
    expect(key.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Reset link' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'PUT', '/communication_templates/7')).toHaveLength(1));
    expect(calls(request, 'PUT', '/communication_templates/7')[0].body).toMatchObject({
      key: 'PASSWORD_RESET',
      description: 'Reset link',
      availableParams: reset.availableParams,
      emailTemplateId: 3,
    });
    expect(Object.keys(calls(request, 'PUT', '/communication_templates/7')[0].body as object)).toHaveLength(12);
  });

  test('Send test email: to myself (no address) in Spanish', async () => {
    const request = renderConsole();
    await openReset();
    fireEvent.click(screen.getByTestId('send-test'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Spanish' }));
    fireEvent.click(screen.getByTestId('send-test-confirm'));
    expect(await screen.findByText('Test email sent to root@example.com')).not.toBeNull();
    expect(calls(request, 'POST', '/communication_templates/7/send_test_email')[0].body).toEqual({ language: 'ES' });
  });

  test('SUPPORT (templates:read) reads: no add button, no save, no test email; preview stays', async () => {
    renderConsole({ permissions: ['templates:read'] });
    await screen.findByText('Spring promo');
    expect(screen.getByRole('menuitem', { name: /Communications settings/ })).not.toBeNull();
    expect(screen.queryByTestId('create-template')).toBeNull();
    await openReset({ write: false });
    await screen.findByTestId('preview-content');
    expect(screen.queryByTestId('save-content')).toBeNull();
    expect(screen.queryByTestId('send-test')).toBeNull();
    expect(screen.getByTestId('preview-content')).not.toBeNull();
  });
});

describe('/communications-settings: email templates', () => {
  test('lists email templates; the archived filter asks with deleted=true; archive and bring back', async () => {
    const request = renderConsole();
    fireEvent.click(await screen.findByTestId('tab-email-templates'));
    const row = (await screen.findByText('Active')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Institute');
    expect(calls(request, 'GET', '/email_templates')[0].query).toMatchObject({ deleted: false });
    fireEvent.click(row);
    fireEvent.click(await screen.findByTestId('archive-email-template'));
    await waitFor(() => expect(calls(request, 'DELETE', '/email_templates/3')).toHaveLength(1));
    expect(await screen.findByText('Email template archived')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(await screen.findByLabelText('Archived'));
    await waitFor(() => expect(calls(request, 'GET', '/email_templates').at(-1)?.query).toMatchObject({ deleted: true }));
    fireEvent.click(await screen.findByText('Old brand'));
    expect(await screen.findByTestId('email-template-archived')).not.toBeNull();
    fireEvent.click(screen.getByTestId('unarchive-email-template'));
    await waitFor(() => expect(calls(request, 'PATCH', '/email_templates/4')).toHaveLength(1));
  });
});

describe('/communications-settings in Spanish', () => {
  test('tabs, enum labels and languages read in Spanish', async () => {
    renderConsole({ locale: 'es' });
    const row = (await screen.findByText('Spring promo')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Alerta');
    expect(row.textContent).toContain('Español');
    expect(screen.getByTestId('tab-templates').textContent).toBe('Plantillas');
    expect(screen.getByTestId('tab-email-templates').textContent).toBe('Plantillas de correo');
  });

  test('every English text has its Spanish one', () => {
    const keys = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(texts.es).sort()).toEqual(keys(texts.en).sort());
  });
});
