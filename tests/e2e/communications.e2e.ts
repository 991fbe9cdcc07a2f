import type { Page } from 'playwright-core';
import { adminToken, api, makeAdmin, makeStudent, unique } from './support/api';
import { newContext, screenshot, usePage } from './support/browser';
import { queryDb } from './support/db';
import { receivedEmails, waitForEmail } from './support/mailbox';
import { ConsoleLoginPage } from './pages/console';
import { PortalLoginPage } from './pages/portal';
import { settle } from './pages/screens';

/**
 * Communications end to end (issue 17, "Tests and done when"): staff write a FUTURE communication to a
 * FILTER of students in the console, see how many students match, preview it in Spanish for a
 * Spanish-speaking student and save it; once its time comes the Communication dispatch job (run once
 * from the console) sends it — the intents turn SENT, the email arrives at the suite's SMTP server —
 * and the student reads it in the portal's inbox. And the get-started code: a new student receives it
 * by email at the SMTP server (tests/e2e/support/mailbox.ts) and signs in with it.
 */

const currentPage = usePage();
let page: Page;
let token: string;
let staff: { email: string; password: string };
const PASSWORD = 'Student123';

beforeAll(async () => {
  token = await adminToken();
  staff = await makeAdmin(token);
});
beforeEach(() => {
  page = currentPage();
});

/** The school's (New York) calendar day YYYY-MM-DD and 24-hour HH:mm of an instant. */
function newYork(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

type CommunicationDto = {
  id: number;
  status: string;
  type: string;
  category: string;
  recipientType: string;
  scheduleType: string;
  scheduleDate: string;
  scheduleTime: string;
  scheduledAt: string;
  subject: string;
  recipientCount: number;
  sentAt: string | null;
  searchFilter: Record<string, unknown> | null;
  recipients: number[] | null;
  header: string | null;
  longMessageBody: string | null;
  shortMessageBody: string | null;
  communicationTemplateId: number | null;
  emailTemplateId: number | null;
  params: Record<string, string> | null;
  intentCounts: { CREATED: number; SENDING: number; SENT: number; FAILED: number };
};

/** A template of the test's own with its English and Spanish contents (through the API). */
async function makeTemplate(tag: string) {
  const template = await api<{ id: number; name: string }>('POST', '/communication_templates', token, {
    name: `E2E Class reminder ${tag}`,
    key: `E2E_CLASS_REMINDER_${tag.toUpperCase()}`,
    type: 'MESSAGE',
    category: 'ACADEMIC',
    availableParams: [],
  });
  const en = { subject: `Your class starts next week ${tag}`, body: 'Hello {{firstName}}, your class starts next week. Bring your notebook.' };
  const es = { subject: `Su clase empieza la semana próxima ${tag}`, body: 'Hola {{firstName}}, su clase empieza la semana próxima. Traiga su cuaderno.' };
  for (const [language, content] of [
    ['EN', en],
    ['ES', es],
  ] as const) {
    await api('POST', `/communication_templates/${template.id}/content`, token, { language, subject: content.subject, messageBodyTemplate: `<p>${content.body}</p>` });
  }
  return { ...template, en, es };
}

describe('communications', () => {
  test('staff write a future communication to a filter of students, preview it in Spanish, the dispatcher sends it and the student reads it in the portal', async () => {
    const tag = unique('c').replace(/[^a-z0-9]/gi, '');
    const lastName = `Buzon${tag}`;
    const spanish = await makeStudent(token, { firstName: 'Lucia', lastName, password: PASSWORD, language: 'ES' });
    const english = await makeStudent(token, { firstName: 'Laura', lastName, language: 'EN' });
    const template = await makeTemplate(tag);
    const greeting = `Hola Lucia, su clase empieza la semana próxima.`;

    // ---- Console: a FUTURE communication to the students matching a filter.
    await new ConsoleLoginPage(page).signInToDashboard(staff.email, staff.password);
    await page.goto('/admin/communications/create');
    const drawer = page.getByTestId('record-drawer');
    await drawer.getByTestId('broadcast-hint').waitFor();
    await settle(page); // the form's lists (templates, email templates) have loaded: nothing resets it now
    await drawer.getByRole('radio', { name: 'Filter' }).check();
    const criteria = drawer.getByTestId('filter-criteria');
    await criteria.getByLabel('Name', { exact: true }).fill(lastName);
    await expect(criteria.getByTestId('matching-count').getByText('2 matching students').waitFor()).resolves.toBeUndefined();
    await criteria.getByRole('combobox', { name: 'Languages' }).click();
    await page.getByRole('option', { name: 'Spanish' }).click();
    await page.keyboard.press('Escape');
    await criteria.getByTestId('matching-count').getByText('1 matching student').waitFor();

    await drawer.getByRole('radio', { name: 'Future' }).check();
    // Tomorrow at 10:00 AM (the picker's minutes go in fives); the API moves it to the next minute below.
    await drawer.getByLabel(/^Date\b/).fill(newYork(new Date(Date.now() + 86_400_000)).date.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2-$3-$1'));
    await drawer.getByTestId('time-input-scheduleTime').getByRole('combobox', { name: 'Hour' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await drawer.getByRole('combobox', { name: 'Template', exact: true }).click();
    await page.getByRole('option', { name: template.name }).click();

    // ---- The preview, for the Spanish-speaking student: the template's Spanish content.
    const preview = drawer.getByTestId('communication-preview');
    await preview.getByTestId('preview-student').fill(lastName);
    await page.getByRole('option', { name: new RegExp(spanish.email.replace(/\./g, '\\.')) }).click();
    await preview.getByTestId('preview-language').getByText('Shown in Spanish').waitFor();
    await expect(preview.getByTestId('preview-subject').textContent()).resolves.toBe(template.es.subject);
    await page.frameLocator('[data-testid=preview-email]').getByText(greeting).waitFor();
    await preview.getByTestId('preview-tab-text').click();
    await expect(preview.getByTestId('preview-text').textContent()).resolves.toContain(greeting);
    await screenshot(page, 'communication-preview-spanish');

    await drawer.getByTestId('save-communication').click();
    await page.getByText('Communication saved').waitFor();
    await page.waitForURL(/\/admin\/communications\/\d+/);
    const id = Number(/\/communications\/(\d+)/.exec(page.url())![1]);
    await expect(drawer.getByTestId('communication-status').textContent()).resolves.toBe('Scheduled');

    const saved = await api<CommunicationDto>('GET', `/communications/${id}`, token);
    expect(saved).toMatchObject({
      status: 'SCHEDULED',
      scheduleType: 'FUTURE',
      scheduleTime: '10:00',
      recipientType: 'FILTER',
      category: 'MANUAL_NOTIFICATION',
      communicationTemplateId: template.id,
      searchFilter: { name: lastName, languages: ['ES'] },
      sentAt: null,
      intentCounts: { CREATED: 0, SENDING: 0, SENT: 0, FAILED: 0 },
    });

    // ---- Its time comes: the schedule moved (through the API) to the next minute, then waited for.
    const due = new Date(Math.ceil((Date.now() + 3_000) / 60_000) * 60_000);
    const { date, time } = newYork(due);
    await api('PUT', `/communications/${id}`, token, {
      type: saved.type,
      recipientType: saved.recipientType,
      recipients: null,
      searchFilter: saved.searchFilter,
      scheduleType: 'FUTURE',
      scheduleDate: date,
      scheduleTime: time,
      subject: saved.subject,
      header: saved.header,
      longMessageBody: saved.longMessageBody,
      shortMessageBody: saved.shortMessageBody,
      communicationTemplateId: saved.communicationTemplateId,
      emailTemplateId: saved.emailTemplateId,
      params: saved.params,
    });
    expect(new Date((await api<CommunicationDto>('GET', `/communications/${id}`, token)).scheduledAt).getTime()).toBe(due.getTime());

    // Meanwhile the student's inbox is empty: nothing is sent before its time.
    const portal = await newContext(page.context().browser()!);
    const student = await portal.newPage();
    await student.goto('/login');
    await new PortalLoginPage(student).signIn(spanish.email, PASSWORD);
    await student.waitForURL('**/home');
    // The portal speaks the student's language (Spanish) once signed in; Messages has no unread count.
    await student.getByRole('link', { name: 'Mensajes', exact: true }).first().waitFor();
    await expect(api('GET', `/students/${spanish.id}/inbox/unread_count`, token)).resolves.toEqual({ count: 0 });

    // ---- The dispatcher: Communication dispatch, run once from the console's job schedules once the
    // time has come (and any run the scheduler itself started on the minute has finished).
    const schedules = await api<{ content: Array<{ id: number; type: string }> }>('GET', '/job_schedules', token);
    const dispatch = schedules.content.find((s) => s.type === 'COMMUNICATION_DISPATCH')!;
    await page.goto(`/admin/job-schedules/${dispatch.id}`);
    await page.getByTestId('run-job').waitFor();
    const wait = due.getTime() - Date.now();
    if (wait > 0) await page.waitForTimeout(wait + 250);
    for (let until = Date.now() + 15_000; ; await page.waitForTimeout(200)) {
      const runs = await api<{ content: Array<{ outcome: string }> }>('GET', `/job_schedules/${dispatch.id}/runs?size=1`, token);
      if (runs.content[0]?.outcome !== 'RUNNING' || Date.now() > until) break;
    }
    await page.getByTestId('run-job').click();
    await page.getByText('Run started').waitFor();

    // ---- The intents (the communication's Sends tab): one email and one inbox message, both Sent.
    await page.goto(`/admin/communications/${id}`);
    const sends = page.getByTestId('record-drawer');
    for (let until = Date.now() + 20_000; ;) {
      await sends.getByTestId('tab-intents').click();
      const rows = sends.getByTestId('communication-intents').locator('tbody tr');
      const texts = await rows.allTextContents().catch(() => []);
      if (texts.length === 2 && texts.every((text) => text.includes('Sent'))) break;
      if (Date.now() > until) throw new Error(`the intents did not become Sent: ${JSON.stringify(texts)}`);
      await page.waitForTimeout(500);
      await page.reload();
    }
    const rows = await sends.getByTestId('communication-intents').locator('tbody tr').allTextContents();
    expect(rows.some((r) => r.includes('Email') && r.includes(`Lucia ${lastName}`))).toBe(true);
    expect(rows.some((r) => r.includes('Portal inbox') && r.includes(`Lucia ${lastName}`))).toBe(true);
    await expect(sends.getByTestId('communication-status').textContent()).resolves.toBe('Sent');
    await screenshot(page, 'communication-sent');

    // The database: the communication SENT to one recipient, its two intents SENT in Spanish, none to the English speaker.
    const sent = await api<CommunicationDto>('GET', `/communications/${id}`, token);
    expect(sent).toMatchObject({ status: 'SENT', recipientCount: 1, intentCounts: { CREATED: 0, SENDING: 0, SENT: 2, FAILED: 0 } });
    expect(new Date(sent.sentAt!).getTime()).toBeGreaterThanOrEqual(due.getTime());
    const intents = await queryDb<{ student_id: number; channel: string; status: string; language: string; attempts: number }>(
      'SELECT student_id, channel, status, language, attempts FROM communication_intents WHERE communication_id = ? ORDER BY channel',
      [id],
    );
    expect(intents).toEqual([
      { student_id: spanish.id, channel: 'EMAIL', status: 'SENT', language: 'ES', attempts: 1 },
      { student_id: spanish.id, channel: 'INBOX', status: 'SENT', language: 'ES', attempts: 1 },
    ]);

    // The email reached the SMTP server, in Spanish; the English speaker (not matched) got nothing.
    const email = await waitForEmail(spanish.email, (e) => e.subject === template.es.subject);
    expect(email.text).toContain(greeting);
    expect(email.html).toContain(greeting);
    expect(receivedEmails().filter((e) => e.to.includes(english.email) || e.subject.includes(tag))).toEqual([email]);

    // ---- Portal: the unread badge, the message in the inbox, read.
    await student.reload();
    await expect(api('GET', `/students/${spanish.id}/inbox/unread_count`, token)).resolves.toEqual({ count: 1 });
    const unread = student.getByRole('link', { name: 'Mensajes, 1 sin leer' });
    await unread.first().waitFor();
    await expect(unread.first().getByTestId('unread-badge').textContent()).resolves.toContain('1');
    await unread.first().click();
    await student.waitForURL('**/messages');
    const row = student.getByRole('link', { name: `Abrir ${template.es.subject}` });
    await row.getByText('Sin leer').waitFor();
    await row.click();
    await student.getByRole('heading', { name: template.es.subject }).waitFor();
    await expect(student.getByTestId('message-body').textContent()).resolves.toContain(greeting);
    await screenshot(student, 'portal-message-read');
    await student.getByRole('link', { name: 'Volver a los mensajes' }).click();
    await student.getByRole('link', { name: `Abrir ${template.es.subject}` }).waitFor();
    await expect(
      student
        .getByRole('link', { name: `Abrir ${template.es.subject}` })
        .getByText('Sin leer')
        .count(),
    ).resolves.toBe(0);
    await student.getByRole('link', { name: 'Mensajes', exact: true }).first().waitFor();

    const [inbox] = await queryDb<{ read_at: string | null }>("SELECT read_at FROM communication_intents WHERE communication_id = ? AND channel = 'INBOX'", [id]);
    expect(inbox.read_at).not.toBeNull();
    await portal.close();
  }, 180_000);

  test('get started: the verification code arrives by email at the SMTP server, in Spanish, and signs the new student in', async () => {
    const email = `${unique('e2e.smtp.')}@example.com`;
    await new PortalLoginPage(page).goto('/get-started');
    await page.getByRole('form', { name: 'Get started' }).getByLabel('Language', { exact: true }).selectOption({ label: 'Español' });
    // The language chosen for the account is the screens' language too.
    const form = page.getByRole('form', { name: 'Comience aquí' });
    await form.getByLabel('Nombre', { exact: true }).fill('Rocío');
    await form.getByLabel('Apellido', { exact: true }).fill('Correo');
    await form.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await form.getByLabel('Cree una contraseña', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirme la contraseña', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Continuar' }).click();
    const codeForm = page.getByRole('form', { name: 'Escriba su código de verificación' });
    await codeForm.waitFor();

    const message = await waitForEmail(email, (e) => e.subject.includes('código de verificación'));
    expect(message.subject).toBe('Health Coach Institute: su código de verificación');
    const code = /código de verificación es\s+(\d{6})\b/.exec(message.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(message.html).toContain(code);
    // The outbox keeps the same message, marked SENT by the SMTP delivery.
    const [outbox] = await queryDb<{ status: string; subject: string; sent_at: string | null }>(
      'SELECT status, subject, sent_at FROM outbox_messages WHERE to_address = ? ORDER BY id DESC LIMIT 1',
      [email],
    );
    expect(outbox).toMatchObject({ status: 'SENT', subject: message.subject });
    expect(outbox.sent_at).not.toBeNull();

    await codeForm.getByLabel('Código de verificación', { exact: true }).fill(code!);
    await codeForm.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: /Rocío/ }).waitFor();
    const [user] = await queryDb<{ email_verified_at: string | null; language: string }>(
      'SELECT u.email_verified_at, s.language_iso2_letter_code AS language FROM users u JOIN students s ON s.user_id = u.id WHERE u.email = ?',
      [email],
    );
    expect(user.email_verified_at).not.toBeNull();
    expect(user.language).toBe('ES');
  }, 60_000);
});
