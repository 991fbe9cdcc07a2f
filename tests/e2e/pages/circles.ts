import type { Locator, Page, Response } from 'playwright-core';
import { api, unique } from '../support/api';
import { queryDb } from '../support/db';
import { CatalogueDrawer, ConsoleFeedback } from './catalogue';
import type { CatalogueProduct } from './transfers';

/**
 * Coaching circles (issue 19): the records the browser test arranges through the API, and the page
 * objects of the screens it drives — the console's circle type and circle drawers
 * (/admin/coaching-circles-types, /admin/coaching-circles), its attendance list
 * (/admin/coaching-circles-attendance), the student's /coaching-circles and the coach's
 * /coach/groups/{group}/sessions/{session}. Tests speak in the screens' terms, not in selectors.
 */

/** The school's zone: circles' wall-clock times are New York's unless a circle says otherwise. */
export const SCHOOL_ZONE = 'America/New_York';
const DAY = 86_400_000;

/** `instant` as New York's calendar day and wall clock: { date: 'YYYY-MM-DD', time: 'HH:mm' }. */
export function schoolClock(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** YYYY-MM-DD `days` from today (New York's calendar). */
export const schoolDayIn = (days: number) => schoolClock(new Date(Date.now() + days * DAY)).date;

/** YYYY-MM-DD → MM-DD-YYYY, as the console's date inputs are typed. */
export const typedDate = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

/**
 * A class that is running (started a month ago, ends in ten months) of its own HCTP program without
 * enrollment steps, sold by one published product (deposit $500 of $6,000): its students may join
 * circles meeting today. The demo's classes all start in the coming months.
 */
export async function makeRunningClass(token: string): Promise<CatalogueProduct & { cohortLabel: string }> {
  const categories = await api<{ content: Array<{ id: number; name: string }> }>('GET', '/business_categories?size=50', token);
  const hctpId = categories.content.find((c) => c.name === 'HCTP')!.id;
  const program = await api<{ id: number }>('POST', '/programs', token, { name: unique('E2E Circles Program '), businessCategoryId: hctpId, cost: 6000, language: 'EN' });
  await api('PUT', `/programs/${program.id}/enrollment_flow_requirements`, token, []);
  const template = await api<{ id: number }>('POST', `/business_categories/${hctpId}/payment_plans`, token, {
    description: unique('E2E Circles 12 months '),
    paymentPlanType: 'INTEREST_BEARING',
    paymentScheduleType: 'FIXED_TERMS',
    depositAmount: 500,
    totalTerm: 12,
    annualPercentageRate: 9.9,
    tuitionPrice: 6000,
  });
  const cohort = await api<{ id: number; label: string }>('POST', '/cohorts', token, { programId: program.id, startDate: schoolDayIn(-30), endDate: schoolDayIn(300) });
  const product = await api<{ id: number; name: string }>('POST', '/products', token, {
    name: unique('E2E Circles Course '),
    flowType: 'HCTP',
    cost: 6000,
    cohortIds: [cohort.id],
    enrollingStartDate: schoolDayIn(-40),
    enrollingEndDate: schoolDayIn(300),
  });
  const plan = await api<{ id: number }>('POST', `/products/${product.id}/product_payment_plans`, token, {
    paymentPlanId: template.id,
    shortDescription: 'E2E 12 monthly payments',
  });
  await api('POST', `/products/${product.id}/publish`, token);
  return { id: product.id, name: product.name, cohortId: cohort.id, productPlanId: plan.id, cohortLabel: cohort.label };
}

export interface Coach {
  id: number;
  name: string;
  email: string;
}

/** The demo coach (coach@example.com): id and name as the console's coach picker writes it. */
export async function demoCoach(): Promise<Coach> {
  const [row] = await queryDb<{ id: number; first_name: string; last_name: string }>(
    `SELECT c.id, s.first_name, s.last_name FROM coaches c JOIN users u ON u.id = c.user_id JOIN students s ON s.id = c.student_id WHERE u.email = 'coach@example.com'`,
  );
  return { id: row.id, name: `${row.first_name} ${row.last_name}`, email: 'coach@example.com' };
}

export interface ArrangedCircle {
  id: number;
  groupId: number;
  sessions: Array<{ id: number; sessionNumber: number; startDateTime: string }>;
}

/**
 * A published circle made through the API: the type, the class, the first session's New York day
 * and time, generated sessions, one coach's group with a URL and max students.
 */
export async function publishedCircle(
  token: string,
  c: { typeId: number; cohortId: number; name: string; startDate: string; startTime: string; coachId: number; webConferenceUrl: string; maxStudents: number },
): Promise<ArrangedCircle> {
  const circle = await api<{ id: number }>('POST', '/coaching_circles', token, {
    typeId: c.typeId,
    cohortId: c.cohortId,
    name: c.name,
    startDate: c.startDate,
    startTime: c.startTime,
    timeZone: SCHOOL_ZONE,
  });
  await api('POST', `/coaching_circles/${circle.id}/generate_sessions`, token);
  await api('POST', `/coaching_circles/${circle.id}/coaches`, token, { coachId: c.coachId, webConferenceUrl: c.webConferenceUrl, maxStudents: c.maxStudents });
  await api('PATCH', `/coaching_circles/${circle.id}/publish`, token, { published: true });
  const detail = await api<{ coaches: Array<{ id: number }>; circleSessions: ArrangedCircle['sessions'] }>('GET', `/coaching_circles/${circle.id}`, token);
  return { id: circle.id, groupId: detail.coaches[0].id, sessions: detail.circleSessions };
}

/** Waits for the answer of the API call `method path…` the page makes (every call that changes status). */
export function answerOf(page: Page, method: string, path: RegExp): Promise<Response> {
  return page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));
}

async function ok(response: Promise<Response>, what: string): Promise<void> {
  const answer = await response;
  if (!answer.ok()) throw new Error(`${what} → ${answer.status()} ${await answer.text()}`);
}

// ---------------------------------------------------------------- console

/** /admin/coaching-circles-types: 'Add coaching circle type' and its drawer. */
export class ConsoleCircleTypes {
  readonly drawer: CatalogueDrawer;
  private readonly feedback: ConsoleFeedback;

  constructor(private readonly page: Page) {
    this.drawer = new CatalogueDrawer(page);
    this.feedback = new ConsoleFeedback(page);
  }

  /** Adds a type from the list's button; answers its id (the drawer moves to it). */
  async add(type: { name: string; sessions: number; maxStudents: number; every: number; unit: string; duration: number }): Promise<number> {
    await this.page.goto('/admin/coaching-circles-types');
    await this.page.getByRole('link', { name: 'Add coaching circle type' }).click();
    await this.drawer.fill('Name', type.name);
    await this.drawer.fill('Sessions', String(type.sessions));
    await this.drawer.fill('Max students per coach', String(type.maxStudents));
    await this.drawer.fill('Every', String(type.every));
    await this.drawer.select('Unit', type.unit);
    await this.drawer.fill('Duration (minutes)', String(type.duration));
    const created = answerOf(this.page, 'POST', /\/api\/coaching_circle_types$/);
    await this.drawer.save();
    await ok(created, 'POST /coaching_circle_types');
    await this.feedback.notification('Coaching circle type added');
    await this.page.waitForURL(/\/admin\/coaching-circles-types\/\d+/);
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }
}

/** /admin/coaching-circles: the add drawer, then the circle's drawer (publish, sessions, coaches). */
export class ConsoleCircleDrawer {
  readonly drawer: CatalogueDrawer;
  readonly feedback: ConsoleFeedback;

  constructor(private readonly page: Page) {
    this.drawer = new CatalogueDrawer(page);
    this.feedback = new ConsoleFeedback(page);
  }

  root(): Locator {
    return this.drawer.root();
  }

  /**
   * 'Add coaching circle' from the list → type, class, name, first day and time (12-hour picker) →
   * Save; answers the new circle's id (the drawer moves to it).
   */
  async add(c: { type: string; cohortLabel: string; name: string; startDate: string; hour: number; minute: number; period: 'AM' | 'PM' }): Promise<number> {
    await this.page.goto('/admin/coaching-circles');
    await this.page.getByRole('link', { name: 'Add coaching circle' }).click();
    await this.drawer.select('Type', c.type);
    await this.drawer.autocomplete('Cohort', c.cohortLabel);
    await this.drawer.fill('Name', c.name);
    await this.drawer.fill('Start date', typedDate(c.startDate));
    const time = this.root().getByTestId('time-input-startTime');
    for (const [label, value] of [
      ['Hour', String(c.hour)],
      ['Minute', String(c.minute).padStart(2, '0')],
      ['AM/PM', c.period],
    ]) {
      await time.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
      await this.page.getByRole('listbox').getByRole('option', { name: value, exact: true }).click();
      await this.page.getByRole('listbox').waitFor({ state: 'detached' });
    }
    const created = answerOf(this.page, 'POST', /\/api\/coaching_circles$/);
    await this.drawer.save();
    await ok(created, 'POST /coaching_circles');
    await this.feedback.notification('Coaching circle added');
    await this.page.waitForURL(/\/admin\/coaching-circles\/\d+/);
    await this.root().getByTestId('circle-sessions').waitFor();
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }

  /** The 'Before it can be published, the circle needs:' list, each requirement in words ([] when none is shown). */
  async missing(): Promise<string[]> {
    const list = this.root().getByTestId('circle-missing-list');
    if (!(await list.count())) return [];
    return (await list.locator('li').allTextContents()).map((s) => s.trim());
  }

  /** Waits until the preconditions shown are exactly `expected`. */
  async waitForMissing(expected: string[]): Promise<void> {
    const end = Date.now() + 15_000;
    let seen: string[] = [];
    while (Date.now() < end) {
      seen = await this.missing();
      if (JSON.stringify(seen) === JSON.stringify(expected)) return;
      await this.page.waitForTimeout(100);
    }
    throw new Error(`preconditions shown: ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`);
  }

  async generateSessions(count: number): Promise<void> {
    const generated = answerOf(this.page, 'POST', /\/api\/coaching_circles\/\d+\/generate_sessions$/);
    await this.root().getByTestId('generate-sessions').click();
    await ok(generated, 'POST generate_sessions');
    await this.feedback.notification('Sessions generated');
    await this.root().getByTestId(`circle-session-${count}`).waitFor();
  }

  /** The sessions table's rows as shown: [number, date, time]. */
  async sessionRows(): Promise<string[][]> {
    const rows = this.root().getByTestId('circle-sessions').locator('tbody tr');
    const out: string[][] = [];
    for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).locator('td').allTextContents()).map((s) => s.trim()));
    return out;
  }

  /** 'Add coach': the coach picked by name, the URL and max students typed. */
  async addCoach(coach: string, url: string, maxStudents: number): Promise<void> {
    const add = this.root().getByTestId('add-coach');
    await add.getByRole('combobox', { name: /^Coach/ }).fill(coach.split(' ')[0]);
    await this.page.getByRole('listbox').getByRole('option', { name: coach, exact: true }).click();
    await add.getByLabel('Web conference URL').fill(url);
    await add.getByLabel('Max students').fill(String(maxStudents));
    const added = answerOf(this.page, 'POST', /\/api\/coaching_circles\/\d+\/coaches$/);
    await add.getByTestId('add-coach-button').click();
    await ok(added, 'POST coaches');
    await this.feedback.notification('Coach added');
  }

  /** The coaches table's rows as shown (coach and email, URL, max students). */
  coachRows(): Locator {
    return this.root().getByTestId('circle-coaches').locator('tbody tr');
  }

  async publish(): Promise<void> {
    const published = answerOf(this.page, 'PATCH', /\/api\/coaching_circles\/\d+\/publish$/);
    await this.root().getByTestId('publish-circle').click();
    await ok(published, 'PATCH publish');
    await this.feedback.notification('Coaching circle published');
    await this.root().getByTestId('unpublish-circle').waitFor();
  }
}

/** /admin/coaching-circles-attendance: the rows the keyword (a student's name) finds. */
export class ConsoleAttendanceList {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/coaching-circles-attendance');
    await this.page.getByLabel('Search by student').first().waitFor();
  }

  async search(keyword: string) {
    await this.page.getByLabel('Search by student').first().fill(keyword);
  }

  /** Waits until the table shows `count` rows, each containing `text`; answers their cells. */
  async waitForRows(count: number, text: string): Promise<string[][]> {
    const rows = this.page.locator('table tbody tr');
    const end = Date.now() + 15_000;
    let texts: string[] = [];
    while (Date.now() < end) {
      texts = await rows.allTextContents();
      if (texts.length === count && texts.every((t) => t.includes(text))) break;
      await this.page.waitForTimeout(100);
    }
    if (texts.length !== count || !texts.every((t) => t.includes(text))) throw new Error(`expected ${count} rows containing ${text}, saw ${JSON.stringify(texts)}`);
    const out: string[][] = [];
    for (let i = 0; i < count; i++) out.push((await rows.nth(i).locator(':scope > *').allTextContents()).map((s) => s.trim()));
    return out;
  }

  /** The column headers, in order (to read a row's cells by name). */
  async headers(): Promise<string[]> {
    return (await this.page.locator('table thead tr').first().locator(':scope > *').allTextContents()).map((s) => s.trim());
  }
}

// ---------------------------------------------------------------- portal

/** The student's /coaching-circles: their circles (switch, leave) and those open for sign-up. */
export class PortalCirclesPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('link', { name: 'Coaching circles' }).first().click();
    await this.page.waitForURL('**/coaching-circles');
    await this.page.getByRole('heading', { name: 'Coaching circles', level: 1 }).waitFor();
  }

  available(circleId: number): Locator {
    return this.page.getByTestId(`circle-${circleId}`);
  }

  mine(signUpId: number): Locator {
    return this.page.getByTestId(`my-circle-${signUpId}`);
  }

  /** 'Sign up with {coach}' on a circle open for sign-up; waits for the call. */
  async signUp(circleId: number, coachName: string): Promise<void> {
    const done = answerOf(this.page, 'POST', /\/api\/coaching_circle_sign_up$/);
    await this.available(circleId)
      .getByRole('button', { name: `Sign up with ${coachName}` })
      .click();
    await ok(done, 'POST /coaching_circle_sign_up');
    await this.notice('You are signed up. Your schedule is below.');
  }

  /** The success message the screen shows after a change. */
  async notice(text: string) {
    await this.page.getByTestId('circles-notice').filter({ hasText: text }).waitFor();
  }

  /** 'Switch group' → the dialog (it repeats the notice rule) → the new group → Switch; answers the dialog's text. */
  async switchTo(signUpId: number, option: string): Promise<string> {
    await this.mine(signUpId).getByRole('button', { name: 'Switch group' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Switch to another group' });
    await dialog.waitFor();
    const text = (await dialog.locator('.MuiDialogContentText-root').first().textContent()) ?? '';
    await dialog.getByLabel('New group').selectOption({ label: option });
    const done = answerOf(this.page, 'PATCH', /\/api\/coaching_circle_sign_up\/\d+$/);
    await dialog.getByRole('button', { name: 'Switch', exact: true }).click();
    await ok(done, 'PATCH /coaching_circle_sign_up');
    await dialog.waitFor({ state: 'detached' });
    await this.notice('You switched group.');
    return text.trim();
  }
}

/** The coach's session screen: the roster, and attendance once the session has started. */
export class CoachSessionPage {
  constructor(private readonly page: Page) {}

  /** From the coach's groups: the circle's group → the session's row. */
  async openFromGroups(groupId: number, sessionId: number): Promise<void> {
    await this.page.getByRole('link', { name: 'My groups' }).first().click();
    await this.page.waitForURL('**/coach/groups');
    await this.page.getByTestId(`coach-group-${groupId}`).getByRole('link', { name: 'Sessions and settings' }).click();
    await this.page.waitForURL(`**/coach/groups/${groupId}`);
    await this.page.getByTestId(`coach-session-${sessionId}`).getByRole('link').click();
    await this.page.waitForURL(`**/coach/groups/${groupId}/sessions/${sessionId}`);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
  }

  entry(recordId: number): Locator {
    return this.page.getByTestId(`roster-${recordId}`);
  }

  async status(recordId: number): Promise<string> {
    return ((await this.page.getByTestId(`roster-${recordId}-status`).textContent()) ?? '').trim();
  }

  async mark(recordId: number, mark: 'Attended' | 'Absent', participation: string, notes: string): Promise<void> {
    const entry = this.entry(recordId);
    await entry.getByRole('radio', { name: mark, exact: true }).check();
    await entry.getByLabel('Participation').fill(participation);
    await entry.getByLabel('Notes').fill(notes);
  }

  async save(): Promise<void> {
    const saved = answerOf(this.page, 'PUT', /\/api\/coaching_circle_coaches\/\d+\/sessions\/\d+\/attendances$/);
    await this.page.getByRole('button', { name: 'Save attendance' }).click();
    await ok(saved, 'PUT attendances');
    await this.page.getByTestId('coach-session-saved').filter({ hasText: 'Attendance saved.' }).waitFor();
  }
}
