import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import graduations from '../../admin/src/resources/graduations';
import academicProgress from '../../admin/src/resources/academic-progress';
import certifications from '../../admin/src/resources/certifications';
import { academicProgressBody, graduatable, graduationBody, summaryRows, type AcademicProgressRecord, type CertificateRecord } from '../../admin/src/common/academicsRecord';
import { canAccess } from '../../admin/src/providers/canAccess';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';
const ana = { id: 42, firstName: 'Ana', lastName: 'López', email: 'ana@example.com' };
const luis = { id: 43, firstName: 'Luis', lastName: 'Pérez', email: 'luis@example.com' };

const row = (id: number, overrides: Partial<AcademicProgressRecord> = {}): AcademicProgressRecord => ({
  id,
  enrollmentId: id,
  student: ana,
  programId: 3,
  programName: 'HCTP',
  cohortId: 11,
  cohortLabel: 'HCTP 01-15-2026 - 12-15-2026',
  cohortEndDate: '2026-12-15',
  extendedGraduationDate: null,
  enrollmentStatus: 'ACTIVE',
  enrolledAt: at,
  graduationStatus: 'READY_GRADUATION',
  graduationStatusAt: at,
  graduatedAt: null,
  graduationLate: false,
  graduatedByName: null,
  requirementsDone: 3,
  requirementsTotal: 4,
  score: 87.5,
  requirements: [
    { id: 1, name: 'Final quiz', type: 'QUIZ', displayOrder: 1, done: 1, total: 1, score: 87.5, minScore: 70, met: true, source: 'LMS', updatedAt: at },
    { id: 2, name: 'Circles', type: 'COACHING_CIRCLE', displayOrder: 2, done: 3, total: 6, score: null, minScore: null, met: false, source: 'ATTENDANCE', updatedAt: at },
  ],
  certificate: null,
  ...overrides,
});

const certificate = (id: number, overrides: Partial<CertificateRecord> = {}): CertificateRecord => ({
  id,
  enrollmentId: 5,
  student: ana,
  programId: 3,
  programName: 'HCTP',
  cohortId: 11,
  cohortLabel: 'HCTP 01-15-2026 - 12-15-2026',
  name: 'Health Coach Certification',
  status: 'ISSUED',
  provider: 'LOCAL',
  externalId: null,
  url: null,
  badgeUrl: null,
  hasFile: true,
  types: ['CERTIFICATE'],
  issuedAt: at,
  attempts: 1,
  lastError: null,
  createdAt: at,
  ...overrides,
});

const summary = { total: 2, statuses: { READY_GRADUATION: 1, FAILED_ACADEMICALLY: 0, FAILED_FINANCIALLY: 0, LATE_GRADUATION: 0, GRADUATED: 0, PENDING: 0, INCOMPLETE: 1 } };

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 25 } });

function renderConsole(path: string, { handler, permissions = ['*'], locale }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const rows = [row(5), row(6, { student: luis, graduationStatus: 'INCOMPLETE', requirementsDone: 2 })];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/enrollments/graduations/find_by_criteria') return page(rows);
    if (req.path === '/enrollments/academic_progress') return (req.body as { cohortId?: number })?.cohortId ? page(rows) : page([]);
    if (req.path === '/enrollments/graduations/summary' || req.path === '/enrollments/academic_progress/summary') return summary;
    if (req.path === '/enrollments/graduations' && method === 'POST') return { graduated: 1, content: [row(5, { graduationStatus: 'GRADUATED' })] };
    const one = /^\/enrollments\/(\d+)\/academic_progress$/.exec(req.path);
    if (one) return row(Number(one[1]));
    if (/^\/enrollments\/\d+\/unofficial_transcript$/.test(req.path) || /^\/certifications\/\d+\/download$/.test(req.path)) return new Response(new Blob(['%PDF-1.4']));
    if (req.path === '/certifications' || req.path === '/certifications/find_by_criteria')
      return page([
        certificate(9),
        certificate(10, { student: luis, hasFile: false, provider: 'ACCREDIBLE', url: 'https://www.credential.net/abc', types: ['CERTIFICATE', 'BADGE'] }),
        certificate(11, { status: 'FAILED', hasFile: false, issuedAt: null, attempts: 5, lastError: 'Accredible answered 500' }),
      ]);
    if (req.path === '/programs' || req.path === '/programs/find_by_criteria') return page([{ id: 3, name: 'HCTP' }]);
    if (req.path === '/cohorts' || req.path === '/cohorts/find_by_criteria') return page([{ id: 11, label: 'HCTP 01-15-2026 - 12-15-2026', programId: 3 }]);
    if (req.path === '/search_filters') return page([]);
    if (req.path === '/users/10/view_histories') return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions,
    locale,
    children: [
      <Resource key="graduations" name="graduations" {...graduations} />,
      <Resource key="academic-progress" name="academic-progress" {...academicProgress} />,
      <Resource key="certifications" name="certifications" {...certifications} />,
    ],
  });
  return request;
}

/** The rows' selection boxes (react-admin labels the box's root, not its input). */
async function rowCheckboxes(): Promise<HTMLInputElement[]> {
  await waitFor(() => expect(document.querySelectorAll('[aria-label="Select this row"] input').length).toBeGreaterThan(0));
  return [...document.querySelectorAll<HTMLInputElement>('[aria-label="Select this row"] input')];
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('rules and payloads', () => {
  test('the bodies keep program, cohort and statuses only, as numbers, blanks left out', () => {
    expect(graduationBody({ programId: '3', cohortId: '', statuses: ['READY_GRADUATION'], other: 1 })).toEqual({ programId: 3, statuses: ['READY_GRADUATION'] });
    expect(academicProgressBody({ programId: 3, cohortId: '11', criteria: { graduationStatuses: [], enrollmentStatuses: ['ACTIVE'] } })).toEqual({
      programId: 3,
      cohortId: 11,
      criteria: { enrollmentStatuses: ['ACTIVE'] },
    });
    expect(academicProgressBody({})).toEqual({});
  });

  test('only an active enrollment ready for graduation can be graduated', () => {
    expect(graduatable({ graduationStatus: 'READY_GRADUATION', enrollmentStatus: 'ACTIVE' })).toBe(true);
    expect(graduatable({ graduationStatus: 'INCOMPLETE', enrollmentStatus: 'ACTIVE' })).toBe(false);
    expect(graduatable({ graduationStatus: 'READY_GRADUATION', enrollmentStatus: 'WITHDRAWN' })).toBe(false);
  });

  test('the summary lists the statuses that have enrollments', () => {
    expect(summaryRows(summary)).toEqual({
      total: 2,
      statuses: [
        { status: 'READY_GRADUATION', count: 1 },
        { status: 'INCOMPLETE', count: 1 },
      ],
    });
  });

  test('the three screens need academics:read; graduating academics:graduate', () => {
    for (const resource of ['graduations', 'academic-progress', 'certifications']) {
      expect(canAccess(['academics:read'], { resource, action: 'list' })).toBe(true);
      expect(canAccess(['students:read'], { resource, action: 'list' })).toBe(false);
    }
    expect(canAccess(['academics:read'], { resource: 'graduations', action: 'graduate' })).toBe(false);
    expect(canAccess(['academics:*'], { resource: 'graduations', action: 'graduate' })).toBe(true);
  });
});

describe('/graduations', () => {
  test('when opened, then the enrollments show with their status in words, requirements, score and the counts', async () => {
    const request = renderConsole('/graduations');
    expect(await screen.findByText('Ana López')).toBeTruthy();
    expect(screen.getByTestId('graduation-status-5').textContent).toBe('Ready for graduation');
    expect(screen.getByTestId('graduation-status-6').textContent).toBe('Incomplete');
    expect(screen.getByTestId('requirements-5').textContent).toBe('3 / 4');
    expect(screen.getAllByText('87.5%')).toHaveLength(2);
    expect((await screen.findByTestId('summary-total')).textContent).toBe('Enrollments: 2');
    expect(screen.getByTestId('summary-status-READY_GRADUATION').textContent).toBe('Ready for graduation: 1');
    expect(screen.queryByTestId('summary-status-GRADUATED')).toBeNull();
    const list = calls(request, 'POST', '/enrollments/graduations/find_by_criteria')[0];
    expect(list.query).toMatchObject({ size: 25, page: 0, sortBy: 'id', descending: false });
    expect(list.body).toEqual({});
  });

  test('when a program and a cohort are in the address, then they are sent as numbers to the list and the summary', async () => {
    const filter = encodeURIComponent(JSON.stringify({ programId: 3, cohortId: 11, statuses: ['READY_GRADUATION'] }));
    const request = renderConsole(`/graduations?filter=${filter}`);
    await screen.findByText('Ana López');
    await waitFor(() => expect(calls(request, 'POST', '/enrollments/graduations/summary').length).toBeGreaterThan(0));
    expect(calls(request, 'POST', '/enrollments/graduations/find_by_criteria')[0].body).toEqual({ programId: 3, cohortId: 11, statuses: ['READY_GRADUATION'] });
    expect(calls(request, 'POST', '/enrollments/graduations/summary')[0].body).toEqual({ programId: 3, cohortId: 11, statuses: ['READY_GRADUATION'] });
  });

  test('when ready rows are selected and graduated late, then one call carries their ids and isLate', async () => {
    const request = renderConsole('/graduations');
    await screen.findByText('Ana López');
    const checkboxes = await rowCheckboxes();
    // Only the ready enrollment can be selected.
    expect(checkboxes.map((c) => c.disabled)).toEqual([false, true]);
    fireEvent.click(checkboxes[0]);
    fireEvent.click(await screen.findByTestId('graduate'));
    const dialog = await screen.findByTestId('graduate-dialog');
    expect(within(dialog).getByText('Graduate 1 student')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Late graduation' }));
    fireEvent.click(within(dialog).getByTestId('graduate-confirm'));
    await waitFor(() => expect(calls(request, 'POST', '/enrollments/graduations')).toHaveLength(1));
    expect(calls(request, 'POST', '/enrollments/graduations')[0].body).toEqual({ enrollmentIds: [5], isLate: true });
    expect(await screen.findByText('1 student graduated')).toBeTruthy();
  });

  test('when the server refuses the graduation, then its message shows', async () => {
    const request = renderConsole('/graduations', {
      handler: (req) => {
        if (req.path === '/enrollments/graduations' && req.method === 'POST')
          throw new HttpError(409, { status: 409, code: 'NOT_READY_TO_GRADUATE', message: 'Some enrollments are not ready to graduate' });
        return undefined;
      },
    });
    await screen.findByText('Ana López');
    fireEvent.click((await rowCheckboxes())[0]);
    fireEvent.click(await screen.findByTestId('graduate'));
    fireEvent.click(within(await screen.findByTestId('graduate-dialog')).getByTestId('graduate-confirm'));
    await waitFor(() => expect(calls(request, 'POST', '/enrollments/graduations')[0].body).toEqual({ enrollmentIds: [5], isLate: false }));
    expect(await screen.findByText('Some enrollments are not ready to graduate')).toBeTruthy();
  });

  test('when staff may read but not graduate, then rows cannot be selected and Graduate is not offered', async () => {
    renderConsole('/graduations', { permissions: ['academics:read'] });
    await screen.findByText('Ana López');
    expect(document.querySelectorAll('[aria-label="Select this row"] input')).toHaveLength(0);
    expect(screen.queryByTestId('graduate')).toBeNull();
  });

  test('when a row is opened, then the drawer shows each requirement with done of total, score, met and source', async () => {
    const request = renderConsole('/graduations/5');
    const drawer = await screen.findByTestId('record-drawer');
    expect(await within(drawer).findByText('Final quiz')).toBeTruthy();
    expect(within(drawer).getByTestId('requirement-2').textContent).toContain('3 / 6');
    expect(within(drawer).getByTestId('requirement-2').textContent).toContain('Attendance');
    expect(within(drawer).getByTestId('requirement-2').textContent).toContain('No');
    expect(within(drawer).getByTestId('detail-graduation-status').textContent).toBe('Ready for graduation');
    fireEvent.click(within(drawer).getByTestId('transcript-5'));
    await waitFor(() => expect(calls(request, 'GET', '/enrollments/5/unofficial_transcript')).toHaveLength(1));
    expect(calls(request, 'GET', '/enrollments/5/unofficial_transcript')[0].raw).toBe(true);
    expect(currentLocation()).toBe('/graduations/5');
  });

  test('when the console is in Spanish, then the statuses read in Spanish', async () => {
    renderConsole('/graduations', { locale: 'es' });
    await screen.findByText('Ana López');
    expect(screen.getByTestId('graduation-status-5').textContent).toBe('Listo para la graduación');
    expect(screen.getByTestId('graduation-status-6').textContent).toBe('Incompleto');
  });
});

describe('/academic-progress', () => {
  test('when no cohort is chosen, then the list is empty and asks for one', async () => {
    const request = renderConsole('/academic-progress');
    expect(await screen.findByTestId('choose-cohort')).toBeTruthy();
    await waitFor(() => expect(calls(request, 'POST', '/enrollments/academic_progress').length).toBeGreaterThan(0));
    expect(calls(request, 'POST', '/enrollments/academic_progress')[0].body).toEqual({});
    expect(screen.queryByText('Ana López')).toBeNull();
  });

  test('when a cohort is chosen, then each student shows requirements done of total, score, status and the transcript', async () => {
    const filter = encodeURIComponent(JSON.stringify({ programId: 3, cohortId: 11, criteria: { graduationStatuses: ['INCOMPLETE'] } }));
    const request = renderConsole(`/academic-progress?filter=${filter}`);
    expect(await screen.findByText('Luis Pérez')).toBeTruthy();
    expect(screen.queryByTestId('choose-cohort')).toBeNull();
    expect(screen.getByTestId('requirements-6').textContent).toBe('2 / 4');
    expect(screen.getByTestId('graduation-status-6').textContent).toBe('Incomplete');
    expect(calls(request, 'POST', '/enrollments/academic_progress')[0].body).toEqual({ programId: 3, cohortId: 11, criteria: { graduationStatuses: ['INCOMPLETE'] } });
    await waitFor(() => expect(calls(request, 'POST', '/enrollments/academic_progress/summary').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('transcript-6'));
    await waitFor(() => expect(calls(request, 'GET', '/enrollments/6/unofficial_transcript')).toHaveLength(1));
    // The transcript button does not open the row.
    expect(currentLocation()).toBe(`/academic-progress?filter=${filter}`);
  });
});

describe('/certifications', () => {
  test('when opened, then each certificate shows student, program, type, status and issue date, with its download', async () => {
    const request = renderConsole('/certifications');
    expect(await screen.findByText('Luis Pérez')).toBeTruthy();
    expect(screen.getByTestId('certificate-status-9').textContent).toBe('Issued');
    expect(screen.getByTestId('certificate-status-11').textContent).toBe('Failed');
    expect(screen.getByTestId('certificate-types-10').textContent).toBe('CertificateBadge');
    // An Accredible credential opens on Accredible; a failed one has nothing to download.
    expect(screen.getByTestId('certificate-open-10').getAttribute('href')).toBe('https://www.credential.net/abc');
    expect(screen.queryByTestId('certificate-download-11')).toBeNull();
    fireEvent.click(screen.getByTestId('certificate-download-9'));
    await waitFor(() => expect(calls(request, 'GET', '/certifications/9/download')).toHaveLength(1));
  });
});
